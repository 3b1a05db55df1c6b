// A company of its own for test-clock tests (each moves its clock alone): a
// credential with every permission, a client and a product of the given rules,
// and calls bound to it (every answer checked against the description).
import { createCredential } from '../../../packages/sandbox/auth/credentials.js';
import { ALL_PERMISSIONS } from '../../../packages/sandbox/auth/permissions.js';
import type { Sandbox } from '../../../packages/sandbox/server.js';
import { ALL_METHODS } from './fixtures.js';
import { PAID_PROFILE, call } from './sandbox.js';

let companies = 0;

export async function clockCompany(sandbox: Sandbox, rules: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const companyId = `company_clock_${companies++}`;
  const { apiKey } = await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [companyId] });
  const as = (method: string, url: string, body?: unknown) => call(sandbox, method, url, body, { apiKey });
  const client = (await as('POST', '/v1/client', { companyId, name: 'Ana', doc: '52998224725', email: 'ana@example.com' })).body;
  const product = (await as('POST', '/v1/product', {
    companyId, product: { price: 10, title: 'Plano', warranty: 0 },
    charge: { frequencyDays: 30, deniedIntervalDays: 2, maxDeniedAttempts: 2, invoiceIdentification: 'X', paymentMethod: ALL_METHODS, ...rules },
    ...extra,
  })).body;
  const clock = async () => (await as('GET', `/sandbox/v1/clock?companyId=${companyId}`)).body.now as string;
  const today = async () => (await clock()).slice(0, 10);
  return {
    companyId, apiKey, as, clock, today, client, product,
    advance: async (days: number) => (await as('POST', '/sandbox/v1/clock/advance', { companyId, days })).body,
    /** Moves the clock to a few seconds past the next UTC midnight: a test's setup then ends on the day it began. */
    startADay: async () => {
      const seconds = Math.ceil((86_400_000 - (Date.parse(await clock()) % 86_400_000)) / 1000) + 5;
      return (await as('POST', '/sandbox/v1/clock/advance', { companyId, seconds })).body;
    },
    v1: async (profile = PAID_PROFILE) => (await as('POST', '/v1/subscription', { companyId, product: { id: product._id }, paymentMethod: 'CREDIT_CARD', paymentProfile: profile })).body,
    v2: async (dueDate?: string) => (await as('POST', '/v2/subscription', { companyId, productId: product._id, clientId: client._id, dueDate: dueDate ?? (await today()), paymentMethod: 'PIX' })).body,
    full: async (id: string) => (await as('GET', `/v1/subscription/full?subscriptionId=${id}`)).body,
  };
}
