// One advance of the test clock across several billing periods: every record and
// event a day of billing creates carries that day's first instant (UTC), as
// Stripe's test clocks stamp each renewal with its period's time, not the
// advance's target time; they are created in day order; the clock ends at the target.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, call, memorySandbox } from './support/sandbox.js';
import { DECLINED_PROFILE, NETWORK_B_PROFILE } from '../../test-support/cards.mjs';

let sandbox: Sandbox;
let receiver: Server;
let receiverPort: number;
beforeAll(async () => {
  sandbox = await memorySandbox({ allowLoopbackWebhooks: true });
  receiver = createServer((request, response) => { request.resume(); request.on('end', () => response.end('ok')); });
  await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
  receiverPort = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  await sandbox?.close();
  receiver?.closeAllConnections();
  await new Promise((closed) => receiver?.close(closed));
});

const DAY_MS = 86_400_000;
const DAYS = 95;
const midnight = (day: string, plus = 0) => new Date(Date.parse(`${day}T00:00:00Z`) + plus * DAY_MS).toISOString();
type Doc = { _id: string; createdAt: string; chargeId?: string; dueDate?: string; sequence?: number; status: string };
interface StoredEvent { seq: number; type: string; createdAt: string; charge?: string; transaction?: string }

it(`an advance of ${DAYS} days stamps each renewal, retry, overdue move, PIX expiry, alert and event with its billing day, in day order`, async () => {
  const c = await clockCompany(sandbox, { frequencyDays: 30, deniedIntervalDays: 2, maxDeniedAttempts: 2 }, { unsubscription: { type: 'NEVER' } });
  // Deliveries are made for a receiver that answers 200 to all: their order is what is checked. (A dead
  // one would be disabled 3 clock days into the advance, its webhook.disabled stamped when the dispatcher
  // tried it, not at a billing day: test/sandbox/webhook-disable.test.ts holds that rule.)
  await c.startADay();
  await c.as('POST', '/sandbox/v1/webhooks', { companyId: c.companyId, url: `http://127.0.0.1:${receiverPort}/hook` });
  const paid = await c.v1();
  const declined = await c.v1(DECLINED_PROFILE);
  const alerted = await c.v1(NETWORK_B_PROFILE); // NETWORK_B after each payment
  const { subscription: pix, charge: pixCharge } = await c.v2();
  const issued = (await call(sandbox, 'POST', '/v1/charge/pay', { _id: pixCharge._id, companyId: c.companyId, paymentMethod: 'PIX', captchaToken: SANDBOX_CAPTCHA_TOKEN }, {})).body.charge;
  const [{ last }] = (await sandbox.db.query<{ last: number }>('SELECT coalesce(max(seq), 0)::int AS last FROM events')) as [{ last: number }];

  // Real time is counted from before the clock is read: the clock runs on with real time between
  // that read and the advance (under load the read's answer took a few ms to arrive, past the bound).
  const realStart = Date.now();
  const before = Date.parse(await c.clock());
  const answer = await c.advance(DAYS);
  const elapsed = Date.now() - realStart;
  // The clock ends at the target: the start plus the days, plus the real time from the read to the answer.
  expect(Date.parse(answer.now) - (before + DAYS * DAY_MS)).toBeGreaterThanOrEqual(0);
  expect(Date.parse(answer.now) - (before + DAYS * DAY_MS)).toBeLessThanOrEqual(elapsed);
  expect(Date.parse(await c.clock())).toBeGreaterThanOrEqual(Date.parse(answer.now));

  const events = (await sandbox.db.query<{ seq: number; data: { type: string; createdAt: string; data: any } }>(
    'SELECT seq, data FROM events WHERE company_id = $1 AND seq > $2 ORDER BY seq', [c.companyId, last])).map(({ seq, data: { type, createdAt, data } }): StoredEvent => ({
    seq, type, createdAt, charge: data.charge?._id ?? data.transaction?.chargeId, transaction: data.transaction?._id ?? data.transactionId ?? data.alert?.transactionId,
  }));
  expect(events.length).toBeGreaterThan(40);
  // Created in day order, each at the first instant of a day the advance passed.
  expect(events.map((e) => e.createdAt)).toEqual(events.map((e) => e.createdAt).sort());
  for (const { type, createdAt } of events) {
    expect(createdAt, type).toBe(midnight(createdAt.slice(0, 10)));
    expect(Date.parse(createdAt), type).toBeGreaterThan(before);
    expect(Date.parse(createdAt), type).toBeLessThanOrEqual(Date.parse(answer.now));
  }
  const eventTimes = (filter: (e: StoredEvent) => boolean) => events.filter(filter).map((e) => `${e.type} ${e.createdAt}`);

  // Renewals paid by the kept card: charge, transaction and their events on the due date.
  for (const id of [paid._id, alerted._id]) {
    const full = await c.full(id);
    const renewals = full.charges.filter((charge: Doc) => charge.sequence! > 1);
    expect(renewals.map((charge: Doc) => charge.dueDate)).toEqual([30, 60, 90].map((n) => midnight(full.charges[0].dueDate, n).slice(0, 10)));
    for (const charge of renewals as Doc[]) {
      const at = midnight(charge.dueDate!);
      expect(charge).toMatchObject({ status: 'PAID', createdAt: at, updatedAt: at, lastAttemptAt: at });
      const transactions = full.transactions.filter((t: Doc) => t.chargeId === charge._id);
      expect(transactions).toEqual([expect.objectContaining({ status: 'PAID', createdAt: at, updatedAt: at })]);
      const own = eventTimes((e) => e.charge === charge._id || e.transaction === transactions[0]._id);
      expect(own).toEqual([`charge.created ${at}`, `transaction.created ${at}`, `charge.paid ${at}`, ...(id === alerted._id ? [`alert.created ${at}`] : [])]);
    }
  }
  // The NETWORK_B alerts the renewals raised are stamped with their transaction's day.
  const alerts = (await c.as('GET', `/v1/alert?companyId=${c.companyId}&limit=100`)).body.items as Array<{ createdAt: string; transactionId: string }>;
  const renewed = ((await c.full(alerted._id)).transactions as Doc[]).slice(1);
  expect(renewed).toHaveLength(3);
  for (const transaction of renewed) expect(alerts.find((a) => a.transactionId === transaction._id)?.createdAt).toBe(transaction.createdAt);

  // A declining card: tried on the due date, retried deniedIntervalDays later, OVERDUE the day after the last retry.
  const refused = await c.full(declined._id);
  expect(refused.charges).toHaveLength(4);
  for (const charge of refused.charges as Doc[]) {
    const attempts = refused.transactions.filter((t: Doc) => t.chargeId === charge._id).map((t: Doc) => `${t.status} ${t.createdAt}`);
    const tail = [`DECLINED ${midnight(charge.dueDate!, 2)}`];
    expect(attempts.slice(charge.sequence === 1 ? 1 : 0)).toEqual(charge.sequence === 1 ? tail : [`DECLINED ${midnight(charge.dueDate!)}`, ...tail]);
    expect(eventTimes((e) => e.charge === charge._id && e.type === 'charge.overdue')).toEqual([`charge.overdue ${midnight(charge.dueDate!, 3)}`]);
  }

  // PIX: the charge PENDING_PAYMENT while it waits (not OVERDUE); the PIX expired the day after its expiresOn,
  // the charge ACTIVE again and, past its due date, OVERDUE the same day (row 9 runs before row 5).
  const waiting = await c.full(pix._id);
  const expiry = waiting.transactions.find((t: Doc) => t.status === 'DISCARDED');
  expect(expiry.createdAt).toBe(midnight(issued.slip.expiresOn, 1));
  expect(waiting.charges[0]).toMatchObject({ status: 'OVERDUE', lastAttemptAt: expiry.createdAt });
  expect(eventTimes((e) => e.charge === pixCharge._id)).toEqual([
    `transaction.created ${expiry.createdAt}`, `charge.payment_failed ${expiry.createdAt}`, `charge.overdue ${expiry.createdAt}`,
  ]);
  for (const charge of waiting.charges.slice(1) as Doc[]) expect(charge.createdAt).toBe(midnight(charge.dueDate!));

  // Webhook deliveries, newest first, follow the events' order.
  const deliveries = (await c.as('GET', `/sandbox/v1/webhooks/deliveries?companyId=${c.companyId}`)).body.items as Array<{ eventId: string }>;
  const eventIds = (await sandbox.db.query<{ id: string }>('SELECT id FROM events WHERE company_id = $1 ORDER BY seq DESC', [c.companyId])).map((e) => e.id);
  expect(deliveries.map((d) => d.eventId)).toEqual(eventIds);
});

it('an advance in uneven pieces stamps the same days as one advance of the whole', async () => {
  const whole = await clockCompany(sandbox, { frequencyDays: 7 }, { unsubscription: { type: 'NEVER' } });
  const pieces = await clockCompany(sandbox, { frequencyDays: 7 }, { unsubscription: { type: 'NEVER' } });
  /** Each event of the company as `<type> +<days after the subscription's first due date> <time of day>`. */
  const timeline = async (c: typeof whole, start: string) => (await sandbox.db.query<{ type: string; created_at: Date }>(
    'SELECT type, created_at FROM events WHERE company_id = $1 AND created_at > $2 ORDER BY seq', [c.companyId, midnight(start, 1)]))
    .map((e) => `${e.type} +${Math.floor((e.created_at.getTime() - Date.parse(midnight(start))) / DAY_MS)} ${e.created_at.toISOString().slice(11)}`);
  const starts: string[] = [];
  for (const [c, steps] of [[whole, [23]], [pieces, [1, 5, 2, 15]]] as const) {
    await c.startADay();
    const { charge } = await c.v2();
    await c.v1();
    await c.v1(DECLINED_PROFILE);
    starts.push(charge.dueDate);
    for (const days of steps) await c.advance(days);
  }
  const [one, many] = [await timeline(whole, starts[0]!), await timeline(pieces, starts[1]!)];
  expect(one.length).toBeGreaterThan(15);
  expect(many).toEqual(one);
});
