// Issue 41, item 4: one table of the test cards, from test-cards.json, in the API description,
// on the docs site (reference/test-cards.md) and in `svc-sandbox cards` (test/sandbox/cli.test.ts);
// before, the description listed them in one run-on bullet and only the demo had a table.
import { expect, it } from 'vitest';
import { DESCRIPTION } from '../../packages/sandbox/http/description.js';
import { TEST_CARDS } from '../../packages/sandbox/payment/test-cards.js';
import { testCardRows, testCardsMarkdown } from '../../packages/sandbox/payment/test-cards-table.js';
import { testCardsPage } from '../../site/scripts/test-cards.js';

const numbers = TEST_CARDS.map((card) => card.number);

it('has one row per card of test-cards.json, in its order, with its brand, the status it answers and a way to each status', () => {
  const rows = testCardRows();
  expect(rows.map((row) => row.card)).toEqual(numbers);
  rows.forEach((row, i) => {
    const card = TEST_CARDS[i]!;
    expect(row.brand).toBe(card.brand);
    expect(row.answers).toBe(card.threeDS && card.threeDS !== 'frictionless' ? 'PENDING_3DS' : card.status);
    expect(row.how).toContain(card.message);
    expect(row.how).toMatch(card.threeDS ? /3-D Secure|challenge/ : new RegExp(card.status));
  });
});

it('the API description holds the table, and no line of it but its rows lists more than three card numbers', () => {
  expect(DESCRIPTION).toContain(testCardsMarkdown());
  const listing = DESCRIPTION.split('\n').filter((line) => !line.startsWith('|') && numbers.filter((n) => line.includes(n)).length > 3);
  expect(listing.map((line) => line.slice(0, 80))).toEqual([]);
});

it("the docs site's page is the same table", () => {
  const page = testCardsPage();
  expect(page).toContain(testCardsMarkdown());
  expect(page).toContain('test-cards.json');
});

it('the fraud-review card tells its outcome on a charge as well as on a one-off payment (it said "A charge\'s payment is PAID" before session 28)', () => {
  const review = testCardRows().find((row) => row.answers === 'IN_ANALYSIS')!;
  expect(review.how).toMatch(/POST \/v1\/transaction and POST \/v1\/charge\/pay/);
  expect(review.how).toMatch(/approves \(PAID, the charge PAID: charge\.paid\)/);
  expect(review.how).toMatch(/denies \(DECLINED, the charge's failed attempt: charge\.payment_failed\)/);
});
