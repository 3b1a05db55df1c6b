// The test cards as a merchant looks them up: card, brand, the status the payment answers and how
// to reach the others, from test-cards.json alone. One table, three renderings: the API
// description (Markdown), the docs site's page (site/scripts/test-cards-page.mjs, Markdown) and
// `svc-sandbox cards` (plain text).
import { AUTHORIZATION_DAYS } from '../schemas/transaction.js';
import { CHALLENGE_MINUTES } from './challenge.js';
import { TEST_CARDS, type TestCard } from './test-cards.js';

export interface TestCardRow { card: string; brand: string; answers: string; how: string }

const HOW_3DS = {
  challenge: `PENDING_3DS with nextAction: completing the challenge pays (PAID); failing it, or leaving it ${CHALLENGE_MINUTES} minutes, DECLINED`,
  challenge_fails: 'PENDING_3DS with nextAction: the challenge fails whatever the shopper does (DECLINED)',
  frictionless: '3-D Secure without a challenge: PAID at once, threeDS {flow: frictionless, result: AUTHENTICATED}',
} as const;

const HOW_ALERT = {
  NETWORK_A: 'PAID, then at once a NETWORK_A fraud notice: refunded (CANCELED), alert REFUNDED',
  NETWORK_B: 'PAID, then at once a NETWORK_B dispute notice: alert CREATED, nothing moved',
} as const;

const HOW_STATUS: Record<TestCard['status'], string> = {
  PAID: `PAID at once; with capture false AUTHORIZED (capture it within ${AUTHORIZATION_DAYS} days, or it lapses: CANCELED)`,
  DECLINED: 'DECLINED at once, with this message; never retried on another route',
  IN_ANALYSIS: 'IN_ANALYSIS (held for fraud review), by POST /v1/transaction and POST /v1/charge/pay (the charge stays as it was: not paid yet); POST /sandbox/v1/transactions/review approves (PAID, the charge PAID: charge.paid) or denies (DECLINED, the charge\'s failed attempt: charge.payment_failed); left alone, the test clock flags it PENDING_REVIEW the next day and denies it after review.dueBy. A subscription\'s own payment (POST /v1/subscription, renewals) is PAID',
  ERROR_PAYMENT: 'ERROR_PAYMENT: the provider took the payment and failed to process it',
  INVALID_PAYMENT: 'INVALID_PAYMENT: the acquirer refused the card data it was sent',
  BLOCKED: 'BLOCKED by the antifraud before any provider is asked',
};

const answerOf = (card: TestCard) => (card.threeDS && card.threeDS !== 'frictionless' ? 'PENDING_3DS' : card.status);
const howOf = (card: TestCard) => (card.threeDS ? HOW_3DS[card.threeDS] : card.alert ? HOW_ALERT[card.alert] : HOW_STATUS[card.status]);

/** Every test card, in test-cards.json's order (Brazil's brands first). */
export const testCardRows = (): TestCardRow[] =>
  TEST_CARDS.map((card) => ({ card: card.number, brand: card.brand, answers: answerOf(card), how: `${card.message}. ${howOf(card)}` }));

/** What the table does not list: the same for every card. */
export const TEST_CARD_NOTES = [
  'Any holder name and security code; an expiration month in the future (MM/YYYY).',
  'An expiration before the current month (on the company\'s test clock): DECLINED "Card expired".',
  'Any other number: DECLINED "Not a sandbox test card", so a real card never looks paid.',
  'PROCESSING: a paying card through a provider given a `delayed` fault (POST /sandbox/v1/faults); the test clock settles it 10 minutes on.',
] as const;

const cell = (text: string) => text.replaceAll('|', '\\|');

/** A Markdown table (the description and the docs page), then the notes as a list. */
export function testCardsMarkdown(): string {
  const rows = testCardRows().map((row) => `| ${row.card} | ${row.brand} | ${row.answers} | ${cell(row.how)} |`);
  return ['| card | brand | answers | how to reach each status |', '|---|---|---|---|', ...rows, '', ...TEST_CARD_NOTES.map((note) => `- ${note}`)].join('\n');
}

/** Columns for a terminal: card, brand, answers, then what it means. */
export function testCardsText(): string {
  const rows = testCardRows();
  const width = (key: keyof TestCardRow) => Math.max(key.length, ...rows.map((row) => row[key].length));
  const line = (row: TestCardRow) => `${row.card.padEnd(width('card'))}  ${row.brand.padEnd(width('brand'))}  ${row.answers.padEnd(width('answers'))}  ${row.how}`;
  return [line({ card: 'card', brand: 'brand', answers: 'answers', how: 'how to reach each status' }), ...rows.map(line), '', ...TEST_CARD_NOTES].join('\n');
}
