// Issue 29 item 2: one company's long advance blocks no other company (each
// day runs in its own short transaction), two advances of one company do not
// bill a day twice, and days + seconds together stay within 3,650 days.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

const percentile = (values: number[], p: number) => [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

it('company B\'s reads are answered in their usual time while company A advances 60 days of 10 daily subscriptions', async () => {
  const a = await clockCompany(sandbox, { frequencyDays: 1 });
  const b = await clockCompany(sandbox);
  for (let i = 0; i < 10; i++) await a.v1();
  // A read is timed from when it was due (20 ms after the last answer), as a client's schedule would send it:
  // PGlite runs on this thread, so a read held back shows as a timer that fires late, or an answer that comes late.
  let due = performance.now();
  const read = async () => { await b.as('GET', `/v1/transaction?companyId=${b.companyId}`); return performance.now() - due; };
  const idle: number[] = [];
  for (let i = 0; i < 10; i++) { due = performance.now(); idle.push(await read()); }
  const started = performance.now();
  let done = false;
  const advance = a.advance(60).then((answer) => { done = true; return answer; });
  const during: number[] = [];
  while (!done) {
    due = performance.now() + 20;
    await new Promise((resolve) => setTimeout(resolve, 20));
    during.push(await read());
  }
  const took = performance.now() - started;
  expect((await advance).moves.length).toBeGreaterThan(600);
  const p99 = percentile(during, 0.99);
  console.log(`advance of 60 days x 10 subscriptions: ${Math.round(took)} ms; B's GET idle p50 ${Math.round(percentile(idle, 0.5))} ms, during it ${during.length} reads p50 ${Math.round(percentile(during, 0.5))} ms p99 ${Math.round(p99)} ms max ${Math.round(Math.max(...during))} ms`);
  expect(took).toBeGreaterThan(2_000); // long enough for the reads to mean something
  expect(p99).toBeLessThan(Math.max(500, took / 10));
});

it('two advances of one company at once bill each day once', async () => {
  const c = await clockCompany(sandbox, { frequencyDays: 1 });
  const sub = await c.v1();
  await Promise.all([c.advance(5), c.advance(5)]);
  const full = await c.full(sub._id);
  const dates = (full.charges as Array<{ dueDate: string }>).map((charge) => charge.dueDate);
  expect(new Set(dates).size).toBe(dates.length);
  expect(dates).toHaveLength(11); // the first charge and one per day of the 10 days moved
});

it('days and seconds together move the clock at most 3,650 days: past it, 400 naming the rule', async () => {
  const c = await clockCompany(sandbox);
  const before = await c.clock();
  for (const body of [{ days: 3650, seconds: 315_360_000 }, { days: 3650, seconds: 1 }, { days: 1, seconds: 3649 * 86_400 + 1 }]) {
    const answer = await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, ...body });
    expect({ body, status: answer.status }).toEqual({ body, status: 400 });
    expect(answer.body.error_messages[0].msg).toMatch(/3,?650 days/);
  }
  expect(Date.parse(await c.clock()) - Date.parse(before)).toBeLessThan(60_000);
});
