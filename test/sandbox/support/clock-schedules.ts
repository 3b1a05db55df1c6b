// Random schedules for test-clock properties (clock-fast-path.test.ts, forecast.test.ts):
// a product's charge rules, its unsubscription rule and overdue limit, and the
// subscriptions set up on it (paid by a card, a declined card, or PIX due some days away).
import fc from 'fast-check';
import type { clockCompany } from './clock-company.js';
import { DECLINED_PROFILE } from '../../../test-support/cards.mjs';

export const rules = fc.record({
  frequencyDays: fc.constantFrom(1, 7, 30),
  deniedIntervalDays: fc.constantFrom(0, 1, 3),
  maxDeniedAttempts: fc.constantFrom(0, 1, 3),
});
export const extra = fc.record({
  unsubscription: fc.oneof(fc.constant({ type: 'NEVER' }), fc.constant({ type: 'CARD_ATTEMPTS' }), fc.integer({ min: 0, max: 5 }).map((overdueDays) => ({ type: 'OVERDUE_DAYS', overdueDays }))),
  setting: fc.option(fc.integer({ min: 1, max: 3 }).map((qty) => ({ limitOverdueCharges: { active: true, qty } })), { nil: undefined }),
}).map(({ setting, ...rest }) => (setting ? { ...rest, setting } : rest));
export const subscription = fc.oneof(fc.constant({ kind: 'card' as const }), fc.constant({ kind: 'declined card' as const }), fc.integer({ min: -10, max: 10 }).map((offset) => ({ kind: 'pix' as const, offset })));

export { DECLINED_PROFILE };

/** Makes one of `subscription`'s kinds on a clock company; answers what POST /v1 or /v2/subscription answered. */
export async function subscribe(c: Awaited<ReturnType<typeof clockCompany>>, sub: typeof subscription extends fc.Arbitrary<infer S> ? S : never) {
  if (sub.kind === 'card') return c.v1();
  if (sub.kind === 'declined card') return c.v1(DECLINED_PROFILE);
  return c.v2(new Date(Date.parse(await c.today()) + sub.offset * 86_400_000).toISOString().slice(0, 10));
}
