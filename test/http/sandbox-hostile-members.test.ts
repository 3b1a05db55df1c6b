// Defect 7 of issue 14: `{"client":{"name":"x","doc":{"toString":1}}}` made the
// sandbox answer 500 (`String(client.doc)` threw). Every member of every body, set to
// a value that no coercion survives, must give the part-7 400 naming that member.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINED_NUMBER, PAID_PROFILE } from '../../test-support/cards.mjs';
import { startDemoProcess, type DemoProcess } from '../../test-support/demo-process.mjs';
import { CAPTCHA, COMPANY, PRODUCT, SEEDED_CHARGE, fieldPaths, postJson } from './support/sandbox-api.js';

let demo: DemoProcess;
beforeAll(async () => { demo = await startDemoProcess(); });
afterAll(async () => { await demo?.stop(); });

const client = { name: 'Ana', doc: '12345678909', email: 'ana@example.com' };
const split = { active: true, rules: [{ companyId: COMPANY, percentage: 100, chargeProcessingFee: true, chargeRecipientProcessingFee: false }] };
const profile = { ...PAID_PROFILE };

/** A valid body per route, with the member paths the route checks. */
const ROUTES = {
  '/v1/transaction': {
    body: { companyId: COMPANY, amount: 100, installments: 1, capture: true, client, split, paymentProfile: profile },
    paths: ['companyId', 'amount', 'installments', 'capture', 'client', 'client.name', 'client.doc', 'client.cpf', 'client.email',
      'split.active', 'split.rules', 'split.rules.0.companyId', 'split.rules.0.percentage', 'split.rules.0.chargeProcessingFee',
      'paymentProfile', 'paymentProfile.cardNumber', 'paymentProfile.cardExpiration', 'paymentProfile.holderName', 'paymentProfile.cardCvv', 'token'],
  },
  '/v1/subscription': {
    body: { companyId: COMPANY, product: { id: PRODUCT }, paymentMethod: 'CREDIT_CARD', installments: 1, client, paymentProfile: profile },
    paths: ['companyId', 'product', 'product.id', 'paymentMethod', 'installments', 'client.doc', 'client.cpf', 'paymentProfile.cardNumber', 'token'],
  },
  '/v1/charge/pay': {
    body: { _id: SEEDED_CHARGE, companyId: COMPANY, paymentMethod: 'CREDIT_CARD', captchaToken: CAPTCHA, referenceId: 'r1', origin: 'web', cardAuthId: 'a1', paymentProfile: { ...profile, cardNumber: DECLINED_NUMBER } },
    paths: ['_id', 'companyId', 'paymentMethod', 'installments', 'referenceId', 'origin', 'cardAuthId', 'paymentProfile.holderName', 'token'],
  },
} as const;

/** `body` with the member at the dotted `path` replaced by `value` (indexes are array positions). */
function withMember(body: object, path: string, value: unknown): object {
  const copy = structuredClone(body) as Record<string, any>;
  const keys = path.split('.');
  let at = copy;
  for (const key of keys.slice(0, -1)) at = (at[key] ??= {});
  at[keys.at(-1)!] = value;
  return copy;
}

/** The part-7 path of a dotted member path (`split.rules.0.x` -> `split.rules[0].x`). */
const part7Path = (path: string) => path.replace(/\.(\d+)(?=\.|$)/g, '[$1]');

/** Values no String()/Number()/template literal can coerce: members named like the conversion methods. */
const unconvertible = fc.oneof(
  fc.constantFrom({ toString: 1 }, { valueOf: {} }, { toString: {}, valueOf: [] }, { toJSON: 1, toString: null }, [{ toString: 1 }], [[{ valueOf: 1 }]]),
  fc.dictionary(fc.constantFrom('toString', 'valueOf', '__proto__', 'constructor', 'length', 'then', 'toJSON'), fc.jsonValue(), { minKeys: 1 }),
);

describe('hostile members in sandbox bodies', () => {
  it('client.doc {"toString":1}: 400 SchemaValidationException naming client.doc (was 500)', async () => {
    const { status, body } = await postJson(demo.sandboxUrl, '/v1/transaction', withMember(ROUTES['/v1/transaction'].body, 'client.doc', { toString: 1 }));
    expect(status).toBe(400);
    expect(body.code).toBe('SchemaValidationException');
    expect(fieldPaths(body)).toContain('client.doc');
  });

  it('any member of any route set to an unconvertible value: a 400 naming that member (or one inside it), never a 5xx', async () => {
    const cases = Object.entries(ROUTES).flatMap(([route, { body, paths }]) => paths.map((path) => ({ route, body, path })));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...cases), unconvertible, async ({ route, body, path }, value) => {
        const answer = await postJson(demo.sandboxUrl, route, withMember(body, path, value));
        expect(answer.status, `${route} ${path}`).toBe(400);
        // An object member (client, split...) may be named through the first bad member inside it.
        const named = part7Path(path);
        expect(fieldPaths(answer.body).some((p) => p === named || p.startsWith(`${named}.`) || p.startsWith(`${named}[`)), `${route} ${path}: ${fieldPaths(answer.body)}`).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(demo.alive()).toBe(true);
    expect(demo.stderr()).not.toContain('unexpected failure');
  });
});
