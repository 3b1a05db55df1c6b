// What the recipes' specs read and do beside a shop's page: the sandbox's own record of the
// payments (its API, with the shop's credential), the webhook the shop is registered for, and
// deliveries signed as the service signs them.
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';

export interface SandboxAccess { url: string; apiKey: string; companyId: string }
export interface Payment { _id: string; status: string; chargeId?: string; amount: { value: number }; card?: { last4: string }; acquirer?: { provider: string } }

async function call<T>({ url, apiKey }: SandboxAccess, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(new URL(path, url), { method, headers: { apiKey, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The company's transactions, newest first (a test's window: a few dozen at most). */
export async function payments(sandbox: SandboxAccess): Promise<Payment[]> {
  const query = new URLSearchParams({ companyId: sandbox.companyId, limit: '100', 'sort.direction': 'desc', 'sort.property': 'createdAt' });
  return (await call<{ items: Payment[] }>(sandbox, 'GET', `/v1/transaction?${query}`)).items;
}

/** The transactions made since `before` (ids), oldest first. */
export async function paymentsSince(sandbox: SandboxAccess, before: Set<string>): Promise<Payment[]> {
  return (await payments(sandbox)).filter((p) => !before.has(p._id)).reverse();
}

export async function registerWebhook(sandbox: SandboxAccess, url: string): Promise<{ _id: string; secret: string }> {
  return call(sandbox, 'POST', '/sandbox/v1/webhooks', { companyId: sandbox.companyId, url });
}

export async function removeWebhook(sandbox: SandboxAccess, webhookId: string): Promise<void> {
  await call(sandbox, 'DELETE', `/sandbox/v1/webhooks?${new URLSearchParams({ companyId: sandbox.companyId, webhookId })}`);
}

/**
 * Runs `pay` while the provider answers later (a `delayed` fault: the payment is PROCESSING), then
 * moves the company's test clock past the answer (11 minutes): the payment settles as its card says.
 */
export async function providerAnswersLater(sandbox: SandboxAccess, provider: string, pay: () => Promise<void>): Promise<() => Promise<void>> {
  await call(sandbox, 'POST', '/sandbox/v1/faults', { companyId: sandbox.companyId, providerId: provider, kind: 'delayed', seconds: 3600 });
  try {
    await pay();
  } finally {
    await call(sandbox, 'DELETE', `/sandbox/v1/faults?${new URLSearchParams({ companyId: sandbox.companyId })}`);
  }
  return async () => { await call(sandbox, 'POST', '/sandbox/v1/clock/advance', { companyId: sandbox.companyId, seconds: 11 * 60 }); };
}

export interface StoredEvent { id: string; type: string; companyId: string; createdAt: string; data: { charge?: { _id: string }; transaction?: { chargeId?: string } } }

/** The company's events about `chargeId` (its own and its transactions'), in the order they were made. */
export async function eventsOf(sandbox: SandboxAccess, chargeId: string): Promise<StoredEvent[]> {
  const { items } = await call<{ items: StoredEvent[] }>(sandbox, 'GET', `/sandbox/v1/events?${new URLSearchParams({ companyId: sandbox.companyId, limit: '500' })}`);
  return items.filter((e) => (e.data.charge?._id ?? e.data.transaction?.chargeId) === chargeId);
}

/** Posts `event` to a shop's webhook route, signed with `secret` as the service signs (or with a forged signature). */
export async function deliver(url: string, secret: string, event: unknown, forged = false): Promise<number> {
  const body = JSON.stringify(event);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', forged ? `${secret}x` : secret).update(`${t}.${body}`).digest('hex');
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'svc-signature': `t=${t},v1=${v1}` }, body });
  await response.body?.cancel();
  return response.status;
}

/** The order the page pays: read from its first call to the shop's /api/pay. */
export async function orderIdOf(page: Page, pay: () => Promise<void>): Promise<string> {
  const [request] = await Promise.all([page.waitForRequest((r) => r.url().endsWith('/api/pay') && r.method() === 'POST'), pay()]);
  return (request.postDataJSON() as { orderId: string }).orderId;
}
