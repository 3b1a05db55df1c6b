// Due dates far from today (found by trying the sandbox): a first charge due in
// 9999 gave its subscription a nextChargeDate in year 10000 (not a date, against the
// description), and one due in year 1 made the test clock's next advance a 500
// (PostgreSQL error 22009). Due dates are now 2000-01-01 to 2099-12-31.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { COMPANY, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
let clientId: string;
let productId: string;
beforeAll(async () => {
  sandbox = await memorySandbox();
  clientId = (await call(sandbox, 'POST', '/v1/client', { companyId: COMPANY, name: 'Ana Souza', doc: '52998224725', email: 'ana@example.com' })).body._id;
  productId = (await call(sandbox, 'POST', '/v1/product', { companyId: COMPANY, product: { price: 10, title: 'Plano', warranty: 0 } })).body._id;
});
afterAll(async () => sandbox?.close());

const make = (path: '/v1/charge' | '/v2/subscription', dueDate: string) =>
  call(sandbox, 'POST', path, { companyId: COMPANY, clientId, productId, dueDate, ...(path === '/v1/charge' ? { amount: 10 } : { paymentMethod: 'PIX' }) });

describe('due dates', () => {
  for (const path of ['/v1/charge', '/v2/subscription'] as const) {
    it(`${path} refuses a due date outside 2000-01-01 to 2099-12-31 on dueDate`, async () => {
      for (const dueDate of ['9999-12-31', '0001-01-01', '1999-12-31', '2100-01-01']) {
        const answer = await make(path, dueDate);
        expect(answer.status, dueDate).toBe(400);
        expect(answer.body.error_messages).toEqual([expect.objectContaining({ path: 'dueDate', msg: 'dueDate must be a date from 2000-01-01 to 2099-12-31' })]);
      }
    });

    it(`${path} takes the first and last days, and the test clock advances over them`, async () => {
      for (const dueDate of ['2000-01-01', '2099-12-31']) expect((await make(path, dueDate)).status, dueDate).toBe(200);
      const advanced = await call(sandbox, 'POST', '/sandbox/v1/clock/advance', { companyId: COMPANY, days: 3 });
      expect(advanced.status).toBe(200);
    });
  }
});
