// Renewals charge the card a subscription keeps (BIN, last four, expiry):
// it names one sandbox test card, whose outcome decides, at the clock's time.
import type { PaymentProfile } from 'svc-card/server';
import { TEST_CARDS } from '../payment/test-cards.js';
import type { SubscriptionDoc } from '../store/tables.js';

export function renewalProfile(card: NonNullable<SubscriptionDoc['card']>): PaymentProfile {
  const test = TEST_CARDS.find((c) => c.number.startsWith(card.bin) && c.number.endsWith(card.last4));
  // Not a test card: a number no test card has, so the outcome is "Not a sandbox test card".
  return { cardNumber: test?.number ?? `${card.bin}000000${card.last4}`, cardExpiration: card.expiration, holderName: card.holderName, cardCvv: '000' };
}
