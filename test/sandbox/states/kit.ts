// What the state-table tests share (states.test.ts runs them, one file per
// resource in this folder): a company on its own test clock whose events are
// read back as [type, move, status] and recorded, so that states.test.ts can
// check at the end that every event was a row of its table and every row made.
import type { Sandbox } from '../../../packages/sandbox/server.js';
import { clockCompany } from '../support/clock-company.js';
import { rowOf, type SeenEvent } from '../support/state-rows.js';
import { PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN } from '../support/sandbox.js';

export { PAID_PROFILE };
export {
  DECLINED_PROFILE as DECLINED, NETWORK_A_PROFILE as NETWORK_A, NETWORK_B_PROFILE as NETWORK_B, REVIEW_PROFILE as REVIEW_CARD,
  CHALLENGE_PROFILE as CHALLENGE, FAILS_CHALLENGE_PROFILE as FAILS_CHALLENGE, ERROR_PROFILE as ERROR_CARD,
  INVALID_PROFILE as INVALID_CARD, BLOCKED_PROFILE as BLOCKED_CARD, FRICTIONLESS_PROFILE as FRICTIONLESS,
} from '../../../test-support/cards.mjs';

/** The kit a resource's state tests are given: the sandbox (once started), companies, a card payment. */
export function stateKit(sandbox: () => Sandbox, seen: SeenEvent[]) {
  async function company(rules: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
    const c = await clockCompany(sandbox(), rules, extra);
    let after = 0;
    /** The company's events since the last call (recorded for the last checks of states.test.ts). */
    const events = async (): Promise<SeenEvent[]> => {
      const items = (await c.as('GET', `/sandbox/v1/events?companyId=${c.companyId}&after=${after}&limit=500`)).body.items as SeenEvent[];
      if (items.length) after = items.at(-1)!.seq;
      seen.push(...items);
      return items;
    };
    /** [type, move, status] of each event since the last call. */
    const moves = async () => (await events()).map((e) => {
      const found = rowOf(e);
      return [e.type, e.data.move, found ? e.data[found.machine.resource].status : '?'];
    });
    const pay = (chargeId: string, profile: Record<string, string> | undefined, paymentMethod = 'CREDIT_CARD') =>
      c.as('POST', '/v1/charge/pay', { companyId: c.companyId, _id: chargeId, paymentMethod, captchaToken: SANDBOX_CAPTCHA_TOKEN, ...(profile ? { paymentProfile: profile } : {}) });
    const charge = async () => (await c.as('POST', '/v1/charge', { companyId: c.companyId, clientId: c.client._id, productId: c.product._id, amount: 12.5, dueDate: await c.today() })).body;
    const noRoutes = () => c.as('PUT', '/sandbox/v1/company/settings', { companyId: c.companyId, routes: [] });
    const transaction = async (id: string) => (await c.as('GET', `/v1/transaction/full?transactionId=${id}`)).body;
    const clientOf = async (id: string) => (await c.as('GET', `/v1/client?id=${id}&companyId=${c.companyId}`)).body.items[0];
    return { ...c, events, moves, pay, charge, noRoutes, transaction, clientOf };
  }
  type Co = Awaited<ReturnType<typeof company>>;
  const card = (c: Co, profile: Record<string, string> = PAID_PROFILE, extra: Record<string, unknown> = {}) =>
    c.as('POST', '/v1/transaction', { companyId: c.companyId, amount: 1000, paymentProfile: profile, ...extra });
  return { sandbox, company, card };
}

export type StateKit = ReturnType<typeof stateKit>;
export type Co = Awaited<ReturnType<StateKit['company']>>;
