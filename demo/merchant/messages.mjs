// The store's texts in pt-BR (the default: a Brazilian store) and English
// (`?lang=en` on the page URL). The element's own texts live in
// src/element/i18n.ts; the page script's few texts in public/checkout.js.

/** @typedef {'pt-BR' | 'en'} Lang */

/** `en`, `en-US`... give English; anything else, or nothing, pt-BR (like the element). */
export const langOf = (value) => (/^en(-|$)/i.test(typeof value === 'string' ? value : '') ? 'en' : 'pt-BR');

/** Texts of the checkout page; functions take the formatted price or the card number. */
export const PAGE_TEXTS = {
  'pt-BR': {
    title: 'Finalizar compra',
    order: 'Seu pedido',
    total: 'Total',
    payment: 'Pagamento com cartão',
    pay: (price) => `Pagar ${price}`,
    busy: 'Processando…',
    switchTo: { lang: 'en', href: '/?lang=en', label: 'English' },
    sandboxNote: 'Sandbox: use o cartão 4111 1111 1111 1111 (aprovado) ou 4000 0000 0000 0002 (recusado), qualquer validade futura e qualquer CVV.',
  },
  en: {
    title: 'Checkout',
    order: 'Your order',
    total: 'Total',
    payment: 'Card payment',
    pay: (price) => `Pay ${price}`,
    busy: 'Processing…',
    switchTo: { lang: 'pt-BR', href: '/', label: 'Português' },
    sandboxNote: 'Sandbox: use card 4111 1111 1111 1111 (paid) or 4000 0000 0000 0002 (declined), any future expiry, any CVV.',
  },
};

/** The sandbox's decline reasons (sandbox/payment/test-cards.json) as a Brazilian customer reads them. */
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
    paid: (last4) => `Pagamento aprovado (cartão final ${last4}). Obrigado pela compra!`,
    authorized: 'Pagamento autorizado.',
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
    paid: (last4) => `Payment approved (card ending in ${last4}). Thank you!`,
    authorized: 'Payment authorized.',
    declined: (reason) => `Payment declined${reason ? ` (${reason})` : ''}. Please try another card.`,
    resubmit: 'For your security the card details expired or were already used. Please submit again.',
    schema: 'Please check the card details.',
    unreadable: 'The card details could not be read. Please enter them again.',
    unavailable: 'The payment service is unavailable. Please try again in a moment.',
  },
};
