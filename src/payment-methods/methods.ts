// The payment methods a merchant offers, as the `methods` attribute names them: the chooser's
// own words (card, pix, boleto) or the API's paymentMethod values (CREDIT_CARD, DEBIT_CARD, PIX,
// BOLETO: a product's charge.paymentMethod types can be passed as they are), in the merchant's order.
// pix-auto (PIX Automático, issue 40: a plan's renewals debited under a mandate the payer authorises
// once) is offered only when named: it sells a subscription, not a one-off order.

export type PaymentMethodId = 'card' | 'pix' | 'boleto' | 'pix-auto';

/** The API's paymentMethod for each (a card is paid as CREDIT_CARD: the card form has no debit choice; PIX Automático is a PIX subscription with a mandate). */
export const API_METHOD = { card: 'CREDIT_CARD', pix: 'PIX', boleto: 'BOLETO', 'pix-auto': 'PIX' } as const;

/** Every method, in the order shown when `methods` names none the chooser knows. */
export const ALL_METHODS: readonly PaymentMethodId[] = ['card', 'pix', 'boleto'];
/** What `methods` may name: every method, and pix-auto. */
const KNOWN: readonly string[] = [...ALL_METHODS, 'pix-auto'];

/**
 * The methods `text` names (white space or commas between, any case), duplicates and unknown
 * words dropped, in their order (pix-auto also as PIX_AUTO); all three of ALL_METHODS when it names none.
 */
export function parseMethods(text: string | null | undefined): PaymentMethodId[] {
  const found: PaymentMethodId[] = [];
  for (const word of String(text ?? '').toLowerCase().split(/[\s,]+/)) {
    const id = (/^(credit|debit)_card$/.test(word) ? 'card' : /^pix[-_]auto$/.test(word) ? 'pix-auto' : word) as PaymentMethodId;
    if (KNOWN.includes(id) && !found.includes(id)) found.push(id);
  }
  return found.length ? found : [...ALL_METHODS];
}

/** The method chosen before the shopper chooses: `value` when offered, else the first offered. */
export const firstChoice = (offered: readonly PaymentMethodId[], value: string | null | undefined): PaymentMethodId =>
  offered.find((method) => method === value) ?? offered[0]!;
