// The store's texts in pt-BR (the default: a Brazilian store) and English
// (`?lang=en` on the page URL). The element's own texts live in
// src/element/i18n.ts; the page script's few texts in public/checkout.js.

/** @typedef {'pt-BR' | 'en'} Lang */

/** `en`, `en-US`... give English; anything else, or nothing, pt-BR (like the element). */
export const langOf = (value) => (/^en(-|$)/i.test(typeof value === 'string' ? value : '') ? 'en' : 'pt-BR');

/** Texts of the checkout page; functions take the formatted price or the first test cards (Elo's). */
export const PAGE_TEXTS = {
  'pt-BR': {
    title: 'Finalizar compra',
    order: 'Seu pedido',
    total: 'Total',
    interest: 'Juros do parcelamento',
    payment: 'Pagamento com cartão',
    pay: (price) => `Pagar ${price}`,
    busy: 'Processando…',
    waiting: 'Carregando o formulário do cartão…',
    switchTo: { lang: 'en', href: '/?lang=en', label: 'English' },
    sandboxLabel: 'Ambiente de testes',
    sandboxNote: (card) => `Sandbox: use o cartão ${card.brand} ${card.paid} (aprovado) ou ${card.declined} (recusado), ou outra bandeira da tabela, qualquer validade futura, qualquer CVV e um CPF válido como 529.982.247-25.`,
  },
  en: {
    title: 'Checkout',
    order: 'Your order',
    total: 'Total',
    interest: 'Installment interest',
    payment: 'Card payment',
    pay: (price) => `Pay ${price}`,
    busy: 'Processing…',
    waiting: 'Loading the card form…',
    switchTo: { lang: 'pt-BR', href: '/', label: 'Português' },
    sandboxLabel: 'Test environment',
    sandboxNote: (card) => `Sandbox: use the ${card.brand} card ${card.paid} (paid) or ${card.declined} (declined), or another brand from the table, any future expiry, any CVV and a valid CPF such as 529.982.247-25.`,
  },
};

/** The sandbox's decline reasons (packages/sandbox/payment/test-cards.json) as a Brazilian customer reads them. */
const DECLINE_REASONS_PT = {
  'Declined by the issuer': 'o banco emissor não autorizou',
  'Insufficient funds': 'saldo insuficiente',
  'Card reported lost': 'cartão informado como perdido',
  'Card expired': 'cartão vencido',
  'Not a sandbox test card': 'não é um cartão de teste do sandbox',
};

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
    declined: (reason) => {
      const translated = DECLINE_REASONS_PT[reason];
      return `Pagamento recusado${translated ? ` (${translated})` : ''}. Tente outro cartão.`;
    },
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
    declined: (reason) => `Payment declined${reason ? ` (${reason})` : ''}. Please try another card.`,
    resubmit: 'For your security the card details expired or were already used. Please submit again.',
    schema: 'Please check the card details.',
    unreadable: 'The card details could not be read. Please enter them again.',
    unavailable: 'The payment service is unavailable. Please try again in a moment.',
  },
};
