// The store's texts in pt-BR (the default: a Brazilian store) and English
// (`?lang=en` on the page URL). The element's own texts live in
// src/shared/i18n.ts; the page script's few texts in public/checkout.js.

/** @typedef {'pt-BR' | 'en'} Lang */

/** `en`, `en-US`... give English; anything else, or nothing, pt-BR (like the element). */
export const langOf = (value) => (/^en(-|$)/i.test(typeof value === 'string' ? value : '') ? 'en' : 'pt-BR');

/** Texts of the checkout page; functions take the formatted price or the first test cards (Elo's). */
export const PAGE_TEXTS = {
  'pt-BR': {
    title: 'Finalizar compra',
    order: 'Seu pedido',
    total: 'Total',
    interest: 'juros',
    payment: 'Pagamento',
    secure: 'Pagamento seguro: os dados do cartão são criptografados antes de sair do seu navegador.',
    productAlt: 'Pacote de café em grãos de 1 kg',
    methodNotes: { pix: 'Ao clicar em Pagar, mostramos o QR Code e o código copia e cola. O pedido é confirmado assim que o PIX for pago.', boleto: 'Ao clicar em Pagar, mostramos a linha digitável e o vencimento do boleto. O pedido é confirmado após a compensação.' },
    pay: (price) => `Pagar ${price}`,
    busy: 'Processando…',
    otherMethod: 'Escolher outra forma de pagamento',
    newOrder: 'Nova compra',
    waiting: 'Carregando o formulário do cartão…',
    switchTo: { lang: 'en', href: '/?lang=en', label: 'English' },
    // The monthly plan (issue 40 item 3): its page (?plan=monthly), and the offer of it on the product's page.
    plan: {
      order: 'Sua assinatura', perMonth: (price) => `${price}/mês`, productAlt: 'Pacote de café em grãos de 1 kg, todo mês',
      note: 'Ao clicar em Assinar, mostramos o código do PIX Automático: autorize uma vez no app do banco, e a primeira mensalidade é paga com a autorização.',
      pay: (price) => `Assinar com PIX Automático: ${price}/mês`,
      offer: 'Prefere receber todo mês?', offerLink: 'Assine o plano mensal com PIX Automático',
      sandboxNote: 'Sandbox: o banco do pagador é a ação POST /sandbox/v1/mandates/bank (action approve, reject ou expire) com o mandateId do pedido; o cartão é a alternativa quando a autorização é recusada.',
    },
    sandboxLabel: 'Ambiente de testes',
    sandboxNote: (card) => `Sandbox: use o cartão ${card.brand} ${card.paid} (aprovado) ou ${card.declined} (recusado), ou outra bandeira da tabela, qualquer validade futura, qualquer CVV e um CPF válido como 529.982.247-25.`,
  },
  en: {
    title: 'Checkout',
    order: 'Your order',
    total: 'Total',
    interest: 'interest',
    payment: 'Payment',
    secure: 'Secure payment: your card details are encrypted before they leave your browser.',
    productAlt: '1 kg bag of coffee beans',
    methodNotes: { pix: 'When you press Pay we show the QR code and the copy and paste code. The order is confirmed as soon as the PIX is paid.', boleto: 'When you press Pay we show the boleto\'s digitable line and due date. The order is confirmed once it clears.' },
    pay: (price) => `Pay ${price}`,
    busy: 'Processing…',
    otherMethod: 'Choose another way to pay',
    newOrder: 'New order',
    waiting: 'Loading the card form…',
    switchTo: { lang: 'pt-BR', href: '/', label: 'Português' },
    plan: {
      order: 'Your subscription', perMonth: (price) => `${price}/month`, productAlt: '1 kg bag of coffee beans, every month',
      note: 'When you press Subscribe we show the PIX Automático code: authorise once in your bank app, and the first month is paid with the authorisation.',
      pay: (price) => `Subscribe with PIX Automático: ${price}/month`,
      offer: 'Rather get it every month?', offerLink: 'Subscribe to the monthly plan with PIX Automático',
      sandboxNote: 'Sandbox: the payer\'s bank is the action POST /sandbox/v1/mandates/bank (action approve, reject or expire) with the order\'s mandateId; the card is the fallback when the authorisation is declined.',
    },
    sandboxLabel: 'Test environment',
    sandboxNote: (card) => `Sandbox: use the ${card.brand} card ${card.paid} (paid) or ${card.declined} (declined), or another brand from the table, any future expiry, any CVV and a valid CPF such as 529.982.247-25.`,
  },
};

/**
 * The sandbox's decline reasons (packages/sandbox/payment/test-cards.json and domain/three-ds.ts) as the
 * shopper reads them, beside Pay (issue 39). Only reasons the shopper can act on are told; any other
 * reason reads as the generic decline, the same text whatever it was, as Stripe shows lost and stolen
 * cards: a precise "card reported lost" tells a fraudster which cards are blocked. The store's server
 * keeps the precise reason (the API's transaction.message, in the order's record), never the page.
 */
const DECLINE_REASONS = {
  'pt-BR': {
    'Insufficient funds': 'Pagamento recusado: saldo ou limite insuficiente. Tente outro cartão.',
    'Card expired': 'Pagamento recusado: o cartão está vencido. Confira a validade ou use outro cartão.',
    '3-D Secure authentication failed': 'O banco não confirmou a compra: a autenticação do cartão não foi aprovada. Tente outro cartão.',
    '3-D Secure challenge expired unanswered': 'O banco não confirmou a compra: o tempo da autenticação terminou. Pague de novo para recomeçar ou tente outro cartão.',
    'Not a sandbox test card': 'Recusado: não é um cartão de teste.',
  },
  en: {
    'Insufficient funds': 'Payment declined: insufficient funds or credit limit. Try another card.',
    'Card expired': 'Payment declined: the card has expired. Check the expiry date or use another card.',
    '3-D Secure authentication failed': 'Your bank did not confirm the purchase: the card authentication was not approved. Try another card.',
    '3-D Secure challenge expired unanswered': 'Your bank did not confirm the purchase: the authentication timed out. Pay again to restart it or try another card.',
    'Not a sandbox test card': 'Declined: not a test card.',
  },
};
/** Every other reason (declined by the issuer, lost, stolen, suspected fraud, blocked by the antifraud...). */
const GENERIC_DECLINE = {
  'pt-BR': 'Pagamento recusado pelo banco emissor. Tente outro cartão.',
  en: 'Payment declined by the card issuer. Try another card.',
};

/** The field a decline concerns: the expiry for an expired card, else the number (another card). */
export const declinedField = (reason) => (reason === 'Card expired' ? 'expiry' : 'number');

/** What the customer reads for each outcome of POST /api/pay. */
export const OUTCOME_TEXTS = {
  'pt-BR': {
    // `amount`: what the API charged; `plan`: {count, each, interestFree} of the installments chosen.
    paid: (amount, last4) => `Pagamento aprovado: ${amount} (cartão final ${last4}). Obrigado pela compra!`,
    paidIn: (amount, plan, last4) => `Pagamento aprovado: ${amount} em ${plan.count}x de ${plan.each} ${plan.interestFree ? 'sem' : 'com'} juros (cartão final ${last4}). Obrigado pela compra!`,
    refused: {
      installments: 'A loja não oferece essa opção de parcelamento. Escolha outra.',
      holderDocument: 'O CPF ou CNPJ do titular não é válido. Confira os dígitos.',
    },
    authorized: 'Pagamento autorizado.',
    authenticate: 'Confirme a compra com o seu banco.',
    // PROCESSING, IN_ANALYSIS and the like: the webhook finishes the order.
    waiting: 'Pagamento em processamento: o pedido é confirmado assim que o pagamento for aprovado.',
    noOrder: 'Sua sessão de compra terminou. Recarregue a página para continuar.',
    // PIX and boleto (issue 27): issued, then paid once the bank settles.
    slipIssued: { pix: 'PIX gerado: o pedido é confirmado assim que o banco avisar do pagamento.', boleto: 'Boleto gerado: pague até o vencimento; o pedido é confirmado assim que o banco avisar do pagamento.' },
    slipPaid: (amount, method) => `Pagamento recebido: ${amount} por ${method}. Obrigado pela compra!`,
    slipWaiting: 'Ainda aguardando o pagamento.',
    slipEnded: {
      expired: 'O prazo para pagar terminou: o código não vale mais. Escolha como pagar de novo.',
      canceled: 'O banco cancelou este pagamento e ele não pode mais ser pago. Comece uma nova compra para pagar.',
    },
    methodRefused: 'A loja não oferece essa forma de pagamento. Escolha outra.',
    notPlanOrder: 'Este pedido não é de assinatura. Abra a página do plano mensal para assinar.',
    // The mandate's outcome beside Pay (GET /api/order's mandate.message), with the shopper's next step.
    mandate: {
      PENDING: 'Aguardando a autorização no app do banco.',
      ACTIVE: 'PIX Automático autorizado: as próximas mensalidades serão debitadas no vencimento.',
      REJECTED: 'O banco recusou a autorização do PIX Automático. Peça a autorização de novo ou pague com cartão.',
      EXPIRED: 'O pedido de autorização expirou sem resposta. Peça a autorização de novo ou pague com cartão.',
      REVOKED: 'A autorização do PIX Automático foi cancelada. Pague com cartão.',
      CANCELED: 'A autorização do PIX Automático foi cancelada. Pague com cartão.',
    },
    // The receipt's rows: what the API answered about the payment.
    receipt: {
      amount: 'Valor pago', method: 'Forma de pagamento', plan: 'Parcelamento',
      card: (brand, last4) => `Cartão ${brand} final ${last4}`, pix: 'PIX', boleto: 'Boleto bancário',
      plan1: 'À vista', planN: (plan) => `${plan.count}x de ${plan.each} ${plan.interestFree ? 'sem' : 'com'} juros`,
    },
    declined: (reason) => (Object.hasOwn(DECLINE_REASONS['pt-BR'], reason) ? DECLINE_REASONS['pt-BR'][reason] : GENERIC_DECLINE['pt-BR']),
    resubmit: 'Por segurança, os dados do cartão expiraram ou já foram usados. Envie novamente.',
    schema: 'Confira os dados do cartão.',
    unreadable: 'Não foi possível ler os dados do cartão. Digite-os novamente.',
    unavailable: 'O serviço de pagamento está indisponível. Tente novamente em instantes.',
  },
  en: {
    paid: (amount, last4) => `Payment approved: ${amount} (card ending in ${last4}). Thank you!`,
    paidIn: (amount, plan, last4) => `Payment approved: ${amount} in ${plan.count}x ${plan.each} ${plan.interestFree ? 'interest-free' : 'with interest'} (card ending in ${last4}). Thank you!`,
    refused: {
      installments: 'The store does not offer that installment option. Please choose another.',
      holderDocument: 'The card holder\'s CPF or CNPJ is not valid. Please check the digits.',
    },
    authorized: 'Payment authorized.',
    authenticate: 'Confirm the purchase with your bank.',
    waiting: 'Payment being processed: the order is confirmed as soon as it is approved.',
    noOrder: 'Your checkout session has ended. Reload the page to continue.',
    slipIssued: { pix: 'PIX created: the order is confirmed as soon as the bank tells us it was paid.', boleto: 'Boleto created: pay it by its due date; the order is confirmed as soon as the bank tells us it was paid.' },
    slipPaid: (amount, method) => `Payment received: ${amount} by ${method}. Thank you!`,
    slipWaiting: 'Still waiting for the payment.',
    slipEnded: {
      expired: 'The time to pay is over: the code is no longer valid. Please choose how to pay again.',
      canceled: 'The bank cancelled this payment and it can no longer be paid. Start a new order to pay.',
    },
    methodRefused: 'The store does not offer that payment method. Please choose another.',
    notPlanOrder: 'This order is not a subscription. Open the monthly plan\'s page to subscribe.',
    mandate: {
      PENDING: 'Waiting for the authorisation in your bank app.',
      ACTIVE: 'PIX Automático authorised: the next months will be debited on their due dates.',
      REJECTED: 'Your bank declined the PIX Automático authorisation. Ask for it again or pay by card.',
      EXPIRED: 'The authorisation request expired unanswered. Ask for it again or pay by card.',
      REVOKED: 'The PIX Automático authorisation was cancelled. Please pay by card.',
      CANCELED: 'The PIX Automático authorisation was cancelled. Please pay by card.',
    },
    receipt: {
      amount: 'Amount paid', method: 'Payment method', plan: 'Installments',
      card: (brand, last4) => `${brand} card ending in ${last4}`, pix: 'PIX', boleto: 'Boleto',
      plan1: 'In full', planN: (plan) => `${plan.count}x ${plan.each} ${plan.interestFree ? 'interest-free' : 'with interest'}`,
    },
    declined: (reason) => (Object.hasOwn(DECLINE_REASONS.en, reason) ? DECLINE_REASONS.en[reason] : GENERIC_DECLINE.en),
    resubmit: 'For your security the card details expired or were already used. Please submit again.',
    schema: 'Please check the card details.',
    unreadable: 'The card details could not be read. Please enter them again.',
    unavailable: 'The payment service is unavailable. Please try again in a moment.',
  },
};
