// A client and a product made through the API, for tests that need them.
import { afterAll, beforeAll } from 'vitest';
import type { Sandbox } from '../../../packages/sandbox/server.js';
import { COMPANY, call, memorySandbox } from './sandbox.js';

/** Every method offered (product rules refuse a method the product does not list). */
export const ALL_METHODS = ['CREDIT_CARD', 'DEBIT_CARD', 'PIX', 'BOLETO'].map((type) => ({ type, active: true, installments: [{ installment: 1 }] }));

let docIndex = 0;
const DOCS = ['52998224725', '11144477735', '39053344705', '11222333000181', '11444777000161', '86288366757', '71428793860', '04252011000110'];

export async function makeClient(sandbox: Sandbox, companyId = COMPANY, headers?: Record<string, string>) {
  const doc = DOCS[docIndex++ % DOCS.length]!;
  const answer = await call(sandbox, 'POST', '/v1/client', { companyId, name: 'Cliente Teste', doc, email: `c${docIndex}@example.com` }, headers);
  if (answer.status === 200) return answer.body;
  // The document is taken already in this company: reuse that client.
  return (await call(sandbox, 'GET', `/v1/client?search=${doc}&companyId=${companyId}`, undefined, headers)).body.items[0];
}

export async function makeProduct(sandbox: Sandbox, charge: Record<string, unknown> = {}, extra: Record<string, unknown> = {}, companyId = COMPANY) {
  const answer = await call(sandbox, 'POST', '/v1/product', {
    companyId, product: { price: 19.9, title: 'Plano', warranty: 0 },
    charge: { frequencyDays: 30, deniedIntervalDays: 2, maxDeniedAttempts: 3, invoiceIdentification: 'X', paymentMethod: ALL_METHODS, ...charge },
    ...extra,
  });
  return answer.body;
}

export interface SandboxWithClientAndProduct { sandbox: Sandbox; clientId: string; client: { name: string; doc: string }; productId: string }

/**
 * The file's sandbox, started before its tests with one client and one product of
 * the demo company (the product's charge rules overridden by `charge`), closed after
 * them; `use` is given them once they are made.
 */
export function sandboxWithClientAndProduct(use: (made: SandboxWithClientAndProduct) => void, charge: Record<string, unknown> = {}): void {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await memorySandbox();
    const client = await makeClient(sandbox);
    use({ sandbox, client, clientId: client._id, productId: (await makeProduct(sandbox, charge))._id });
  });
  afterAll(async () => sandbox?.close());
}
