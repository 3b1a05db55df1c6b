// The test as the payer's bank for the demo's PIX and boleto charges: the sandbox's actions
// (POST /sandbox/v1/charges/settle, /expire, /disable) on the charge the page just showed.
import type { Demo } from '../../demo/start-demo.mjs';
import { expect } from './engine-fixture.js';

const API_KEY = 'sbx_demo.sandbox-secret-not-for-production';

/** The newest charge waiting with a slip of `method`: the one the page just showed (the test is the bank). */
export async function waitingCharge(demo: Demo, method: 'PIX' | 'BOLETO'): Promise<string> {
  const rows = await demo.sandbox.db.query<{ id: string }>(
    "SELECT id FROM charges WHERE data->'slip'->>'paymentMethod' = $1 AND status <> 'PAID' ORDER BY data->'slip'->>'issuedAt' DESC LIMIT 1", [method]);
  return rows[0]!.id;
}

async function act(demo: Demo, action: string, body: Record<string, string>): Promise<void> {
  const response = await fetch(`${demo.sandboxUrl}/sandbox/v1/charges/${action}`, {
    method: 'POST', headers: { 'content-type': 'application/json', apiKey: API_KEY }, body: JSON.stringify({ companyId: 'company_demo', ...body }),
  });
  expect(response.status).toBe(200);
}

/** The bank ends the charge's PIX or boleto unpaid: expire (its time ran out) or disable (cancelled). */
export const bankEnds = (demo: Demo, action: 'expire' | 'disable', chargeId: string) => act(demo, action, { chargeId });

/** The bank pays the charge's PIX or boleto. */
export const settle = (demo: Demo, chargeId: string, paymentMethod: 'PIX' | 'BOLETO') => act(demo, 'settle', { chargeId, paymentMethod });
