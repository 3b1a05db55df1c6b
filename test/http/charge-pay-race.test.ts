// Defect 2 of issue 14: concurrent POST /v1/charge/pay on one charge all answered
// 200 PAID (the "already paid" check and the marking were split by the decrypt's
// await). Now exactly one is paid; every other one is a 400 on `_id`, "the charge is already paid".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINED_CARD } from '../../test-support/cards.mjs';
import { startDemoProcess, type DemoProcess } from '../../test-support/demo-process.mjs';
import { CAPTCHA, COMPANY, SEEDED_CHARGE, demoToken, fieldPaths, postJson } from './support/sandbox-api.js';

const CONCURRENT = 24;
let demo: DemoProcess;
beforeAll(async () => { demo = await startDemoProcess(); });
afterAll(async () => { await demo?.stop(); });

const pay = async (token: object) =>
  postJson(demo.sandboxUrl, '/v1/charge/pay', { _id: SEEDED_CHARGE, companyId: COMPANY, paymentMethod: 'CREDIT_CARD', captchaToken: CAPTCHA, token }, {});

describe('POST /v1/charge/pay on one charge, concurrently', () => {
  it('a declined payment leaves the charge payable (the claim is released)', async () => {
    const declined = await pay(await demoToken(demo, DECLINED_CARD));
    expect(declined.status).toBe(200);
    expect(declined.body.transaction.status).toBe('DECLINED');
    expect(declined.body.charge.status).not.toBe('PAID');
  });

  it(`${CONCURRENT} pays with distinct fresh tokens: exactly one 200 PAID, the others a 400 on _id`, async () => {
    const tokens = await Promise.all(Array.from({ length: CONCURRENT }, () => demoToken(demo)));
    const answers = await Promise.all(tokens.map(pay));
    const paid = answers.filter((a) => a.status === 200);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.body).toMatchObject({ charge: { _id: SEEDED_CHARGE, status: 'PAID' }, transaction: { status: 'PAID' } });
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('SchemaValidationException');
      expect(fieldPaths(refused.body)).toEqual(['_id']);
      // Decided under the charge's row lock: the loser reads it PAID (packages/sandbox/routes/charges.ts).
      expect(refused.body.error_messages[0].msg).toBe('the charge is already paid');
    }
    const later = await pay(await demoToken(demo));
    expect(later.status).toBe(400);
    expect(later.body.error_messages[0].msg).toBe('the charge is already paid');
  });
});
