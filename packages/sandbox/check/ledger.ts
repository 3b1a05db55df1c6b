// The sandbox's own ledger as the check reads it, and the sandbox actions it plays (the bank,
// the network): plain fetch with the merchant's credential. Which events are a scenario's is
// attribution.ts's to say; this reads them and the records they name.
import type { ChargeSeen, DeliverySeen, DropSeen, LedgerEvent as Event, Payment } from './record.js';

export interface SandboxAccess { url: string; apiKey: string; companyId: string }

export class CheckError extends Error {}

export function ledger({ url, apiKey, companyId }: SandboxAccess) {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    let answer: Response;
    try {
      answer = await fetch(new URL(path, url), { method, headers: { apiKey, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    } catch {
      throw new CheckError(`the sandbox at ${url} does not answer: start it (npx @svc-card/sandbox) or give --sandbox <url>`);
    }
    if (answer.status === 401 || answer.status === 403) throw new CheckError(`the sandbox refused the credential (${answer.status}) for company ${companyId}: give the shop's --api-key and --company`);
    return { status: answer.status, body: await answer.json().catch(() => undefined) as T };
  };
  const read = async <T>(path: string, query: Record<string, string | number> = {}): Promise<T> => {
    const { status, body } = await call<T>('GET', `${path}?${new URLSearchParams({ companyId, ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`);
    if (status !== 200) throw new CheckError(`GET ${path} answered ${status}: ${JSON.stringify(body).slice(0, 200)}`);
    return body;
  };

  async function eventsAfter(seq: number): Promise<Event[]> {
    const all: Event[] = [];
    for (let after = seq; ;) {
      const { items } = await read<{ items: Event[] }>('/sandbox/v1/events', { after, limit: 500 });
      all.push(...items);
      if (items.length < 500) return all;
      after = items.at(-1)!.seq;
    }
  }

  // The newest number seen: the next cursor reads only what came after it.
  let newest = 0;
  return {
    /** The last event's number: a scenario's window starts after it. */
    async cursor(): Promise<number> { return (newest = Math.max(newest, (await eventsAfter(newest)).at(-1)?.seq ?? 0)); },
    eventsAfter,

    /** The payments and charges the window's events name, each as its last event left it; `stepOf` says which step made an event. */
    records(events: Event[], stepOf: (seq: number) => number): { payments: Payment[]; charges: ChargeSeen[] } {
      const payments = new Map<string, Payment>();
      const charges = new Map<string, ChargeSeen>();
      for (const event of events) {
        const t = event.data.transaction;
        if (t && typeof t._id === 'string') {
          const known = payments.get(t._id);
          const step = known?.step ?? stepOf(event.seq);
          const statuses = known?.statuses ?? [];
          if (statuses.at(-1) !== String(t.status)) statuses.push(String(t.status));
          payments.set(t._id, { id: t._id, status: String(t.status), paymentMethod: String(t.paymentMethod), ...(typeof t.chargeId === 'string' ? { chargeId: t.chargeId } : {}), step, statuses });
        }
        const c = event.data.charge;
        if (c && typeof c._id === 'string') {
          const slip = c.slip as { paymentMethod?: string } | undefined;
          charges.set(c._id, { id: c._id, status: String(c.status), ...(slip?.paymentMethod ? { slipMethod: slip.paymentMethod } : {}) });
        }
      }
      return { payments: [...payments.values()], charges: [...charges.values()] };
    },

    async webhookCount(): Promise<number> { return (await read<{ items: unknown[] }>('/sandbox/v1/webhooks')).items.length; },

    /** The deliveries of these events (the newest 500 of the company at most: a scenario makes far fewer). */
    async deliveries(eventIds: ReadonlySet<string>): Promise<DeliverySeen[]> {
      const found: DeliverySeen[] = [];
      let after: string | undefined;
      for (let page = 0; page < 5; page++) {
        const { items } = await read<{ items: { _id: string; eventId: string; eventType: string; status: DeliverySeen['status']; answers: { status?: number; error?: string }[] }[] }>('/sandbox/v1/webhooks/deliveries', { limit: 100, ...(after ? { after } : {}) });
        for (const d of items) {
          if (!eventIds.has(d.eventId)) continue;
          const last = d.answers.at(-1);
          found.push({ eventId: d.eventId, eventType: d.eventType, status: d.status, ...(last ? { lastAnswer: last.status !== undefined ? String(last.status) : last.error ?? 'no answer' } : {}) });
        }
        if (items.length < 100) break;
        after = items.at(-1)!._id;
      }
      return found;
    },

    async drops(): Promise<DropSeen[]> {
      return (await read<{ items: DropSeen[] }>('/sandbox/v1/faults/drops')).items.map(({ path, idempotencyKey, retried }) => ({ path, idempotencyKey, retried }));
    },
    async clearDrops(): Promise<void> { await call('DELETE', `/sandbox/v1/faults/drops?companyId=${encodeURIComponent(companyId)}`); },
    async armDrops(): Promise<void> {
      for (const path of ['/v1/transaction', '/v1/charge/pay']) {
        const { status, body } = await call('POST', '/sandbox/v1/faults/drops', { companyId, path, count: 1 });
        if (status !== 200) throw new CheckError(`this sandbox cannot drop an answer (POST /sandbox/v1/faults/drops answered ${status}: ${JSON.stringify(body).slice(0, 120)}): update @svc-card/sandbox`);
      }
    },
    /** The fraud review approves a held payment; the answer's status (409: it was not held, or no longer). */
    review: async (transactionId: string) => (await call('POST', '/sandbox/v1/transactions/review', { companyId, transactionId, decision: 'approve' })).status,
    settle: async (chargeId: string, paymentMethod: string) => (await call('POST', '/sandbox/v1/charges/settle', { companyId, chargeId, paymentMethod })).status,
    expire: async (chargeId: string) => (await call('POST', '/sandbox/v1/charges/expire', { companyId, chargeId })).status,
    async redeliver(eventIds: string[]): Promise<void> {
      if (eventIds.length === 0) return;
      const { status, body } = await call('POST', '/sandbox/v1/webhooks/redeliver', { companyId, eventIds: eventIds.slice(0, 100) });
      if (status !== 200) throw new CheckError(`POST /sandbox/v1/webhooks/redeliver answered ${status}: ${JSON.stringify(body).slice(0, 120)}`);
    },
  };
}
export type Ledger = ReturnType<typeof ledger>;
