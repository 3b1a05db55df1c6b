// Sandbox test cards: the decrypted (or open) card number decides the outcome.
// Any other number is declined, so a real card can never look "paid" here.

/** @type {ReadonlyArray<{number: string, brand: string, status: 'PAID' | 'DECLINED', message: string}>} */
export const TEST_CARDS = [
  { number: '4111111111111111', brand: 'visa', status: 'PAID', message: 'Approved' },
  { number: '5555555555554444', brand: 'mastercard', status: 'PAID', message: 'Approved' },
  { number: '378282246310005', brand: 'amex', status: 'PAID', message: 'Approved' },
  { number: '4000000000000002', brand: 'visa', status: 'DECLINED', message: 'Declined by the issuer' },
  { number: '4000000000009995', brand: 'visa', status: 'DECLINED', message: 'Insufficient funds' },
  { number: '5105105105105100', brand: 'mastercard', status: 'DECLINED', message: 'Card reported lost' },
];

const NOT_A_TEST_CARD = { status: 'DECLINED', message: 'Not a sandbox test card' };
const EXPIRED_CARD = { status: 'DECLINED', message: 'Card expired' };

/** Outcome for an open paymentProfile; `now` decides whether `cardExpiration` (MM/YYYY) has passed. */
export function cardOutcome(profile, now = new Date()) {
  const [month, year] = String(profile.cardExpiration).split('/').map(Number);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (!month || !year || year * 12 + month < current) return EXPIRED_CARD;
  const card = TEST_CARDS.find((c) => c.number === String(profile.cardNumber).replace(/\s/g, ''));
  return card ? { status: card.status, message: card.message } : NOT_A_TEST_CARD;
}
