// Sandbox test cards (test-cards.json, also read by the e2e helpers): the
// decrypted (or open) card number decides the outcome. Any other number is
// declined, so a real card can never look "paid" here.
import { readFileSync } from 'node:fs';
import { detectBrand, type BrandId, type PaymentProfile } from 'svc-card/server';

export interface TestCard { number: string; brand: BrandId; status: CardOutcome['status']; message: string; alert?: AlertType; threeDS?: ThreeDSCard }
/** How a card's issuer asks for 3-D Secure (sandbox/http/docs/three-ds.ts): a challenge the shopper passes, one that fails, or none (frictionless). */
export type ThreeDSCard = 'challenge' | 'challenge_fails' | 'frictionless';
export type AlertType = 'NETWORK_A' | 'NETWORK_B';
/**
 * IN_ANALYSIS: approved by the issuer, then held for fraud review (POST /v1/transaction, POST /v1/charge/pay; a subscription's own payment is PAID).
 * ERROR_PAYMENT: the provider answers with a processing error; INVALID_PAYMENT: the acquirer refuses the card data
 * (security code) it was sent; BLOCKED: the sandbox's antifraud blocks the card before any provider is asked
 * (sandbox/domain/states/transaction.ts says what each means).
 */
export interface CardOutcome { status: 'PAID' | 'DECLINED' | 'IN_ANALYSIS' | 'ERROR_PAYMENT' | 'INVALID_PAYMENT' | 'BLOCKED'; message: string; alert?: AlertType }
/** The provider's refusals that are not the issuer's decline: the transaction takes them as its status. */
export const REFUSALS = ['ERROR_PAYMENT', 'INVALID_PAYMENT'] as const;
export type Refusal = (typeof REFUSALS)[number];

export const TEST_CARDS: readonly TestCard[] = JSON.parse(readFileSync(new URL('./test-cards.json', import.meta.url), 'utf8'));

const NOT_A_TEST_CARD: CardOutcome = { status: 'DECLINED', message: 'Not a sandbox test card' };
const EXPIRED_CARD: CardOutcome = { status: 'DECLINED', message: 'Card expired' };

/** The outcome for a card at `now`: an expiration (MM/YYYY) before this month declines. */
export function cardOutcome(profile: PaymentProfile, now: Date): CardOutcome {
  const [month, year] = String(profile.cardExpiration).split('/').map(Number);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (!month || !year || year * 12 + month < current) return EXPIRED_CARD;
  const card = TEST_CARDS.find((c) => c.number === String(profile.cardNumber).replace(/\s/g, ''));
  return card ? { status: card.status, message: card.message, ...(card.alert ? { alert: card.alert } : {}) } : NOT_A_TEST_CARD;
}

/** The antifraud's block of a test card (BLOCKED), decided before any route is asked, or undefined. */
export function riskBlock(profile: PaymentProfile): { message: string } | undefined {
  const card = TEST_CARDS.find((c) => c.number === String(profile.cardNumber).replace(/\s/g, ''));
  return card?.status === 'BLOCKED' ? { message: card.message } : undefined;
}

/** The 3-D Secure behaviour of a test card, or undefined (not enrolled). */
export const threeDSOf = (profile: PaymentProfile): ThreeDSCard | undefined =>
  TEST_CARDS.find((c) => c.number === String(profile.cardNumber).replace(/\s/g, ''))?.threeDS;

/** The brand as the element detects it (one table for the project: src/shared/brands.ts, exported by svc-card/server), `other` when none. */
export const brandOf = (digits: string): BrandId | 'other' => detectBrand(digits)?.id ?? 'other';

/** What a transaction keeps of the card: the BIN and last four, never the whole number or the security code. */
export const cardSummary = (profile: PaymentProfile) => ({
  bin: [...String(profile.cardNumber).replace(/\s/g, '')].slice(0, 6).join(''),
  // By code point: a number ending in an emoji never yields half of one (PostgreSQL refuses a lone surrogate).
  last4: [...String(profile.cardNumber)].slice(-4).join(''),
  brand: brandOf(String(profile.cardNumber).replace(/\s/g, '')),
  expiration: profile.cardExpiration,
  holderName: profile.holderName,
});
