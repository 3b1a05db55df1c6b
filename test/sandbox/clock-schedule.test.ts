// The test clock's schedule (packages/sandbox/billing/schedule.ts) is the one
// source of its rows: the description's "Test clock" table is rendered from
// it, every constant it quotes is the code's, and code cites rows by name.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { CLOCK_ROWS, rowRef, type ClockRowName } from '../../packages/sandbox/base/clock-rows.js';
import { SCHEDULE } from '../../packages/sandbox/billing/schedule.js';
import { DEFAULT_FREQUENCY_DAYS } from '../../packages/sandbox/domain/product-rules.js';
import { ALERT_WINDOW_DAYS } from '../../packages/sandbox/domain/states/alert.js';
import { DISPUTE_DAYS, PROCESSING_MINUTES, REVIEW_DAYS } from '../../packages/sandbox/domain/states/transaction.js';
import { CHALLENGE_MINUTES } from '../../packages/sandbox/payment/challenge.js';
import { AUTHORIZATION_DAYS } from '../../packages/sandbox/schemas/transaction.js';
import { call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
/** The description's "Test clock" section, as GET /openapi.json publishes it. */
let description: string;
beforeAll(async () => {
  sandbox = await memorySandbox();
  const whole: string = (await call(sandbox, 'GET', '/openapi.json', undefined, {})).body.info.description;
  const start = whole.indexOf('## Test clock: the automatic moves');
  description = whole.slice(start, whole.indexOf('\n## ', start + 1));
});
afterAll(async () => sandbox?.close());

const published = (name: ClockRowName) => SCHEDULE.find((row) => row.name === name)!;
/** The published table's line of row `n`, split into its cells (row, when, condition, move, event; an escaped pipe kept). */
const lineOf = (n: number) => description.split('\n').find((l) => l.startsWith(`| ${n} |`))?.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim());

describe('the schedule', () => {
  it('has each published row once, by name, and every row it runs has its step (outcome rows name the rows that make them)', () => {
    const names = SCHEDULE.map((row) => row.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => name in CLOCK_ROWS).sort()).toEqual(Object.keys(CLOCK_ROWS).sort());
    for (const { name, run, due } of SCHEDULE) {
      if (run.kind === 'outcome') expect(run.of.every((of) => names.includes(of)), name).toBe(true);
      else expect(typeof run.step, name).toBe('function');
      if ('after' in due) expect(due.after.every((of) => names.includes(of)), name).toBe(true);
    }
  });

  it('the company rows run in the table\'s order: slips, then PROCESSING payments, lapsed authorizations, reviews, disputes, alerts and mandates at a day\'s start; challenges, PROCESSING, authorizations after a move', () => {
    const company = (phase: string) => SCHEDULE.filter((row) => row.run.kind === 'company' && row.run.phases.includes(phase as never)).map((row) => row.name);
    expect(company('day start')).toEqual(['slipExpired', 'payablesReleased', 'processingSettled', 'authorizationLapsed', 'reviewDenied', 'reviewStarted', 'disputeLost', 'alertLapsed', 'mandateExpired']);
    expect(company('after the move')).toEqual(['challengeExpired', 'processingSettled', 'authorizationLapsed']);
  });

  it('cites rows as the published table numbers them', () => {
    expect(rowRef('processingSettled')).toBe('row 16');
    expect(rowRef('cardAttempt', 'cardRetry')).toBe('rows 2, 4');
    expect(rowRef('cardAttemptsSpent', 'overdueDaysSpent', 'overdueChargesLimit')).toBe('rows 6-8');
    expect(rowRef('reviewStarted', 'reviewDenied')).toBe('rows 11, 12');
  });
});

describe('the description\'s "Test clock" table', () => {
  it('is rendered from the schedule: each published row\'s number, when, condition, move and event, in number order', () => {
    const rows = description.split('\n').filter((line) => /^\| \d+ \|/.test(line));
    expect(rows.map((line) => Number(line.split(' ')[1]))).toEqual(Object.values(CLOCK_ROWS).sort((a, b) => a - b));
    for (const [name, n] of Object.entries(CLOCK_ROWS) as [ClockRowName, number][]) {
      const { when, condition, move, events } = published(name);
      expect(lineOf(n), name).toEqual([String(n), when, condition, move, events].map((text) => text.replace(/\|/g, '\\|')));
    }
    expect(description).not.toMatch(/payablesReleased|WAITING_FUNDS whose availableOn/);
  });

  it('prints the values of the constants the clock uses', () => {
    expect(published('reviewDenied').when).toContain(`+ ${REVIEW_DAYS})`);
    expect(published('disputeLost').when).toContain(`+ ${DISPUTE_DAYS} days`);
    expect(published('alertLapsed').when).toContain(`+ ${ALERT_WINDOW_DAYS} days`);
    expect(published('challengeExpired').condition).toContain(`(${CHALLENGE_MINUTES} minutes)`);
    expect(published('processingSettled').condition).toContain(`+ ${PROCESSING_MINUTES} minutes`);
    expect(published('authorizationLapsed').condition).toContain(`+ ${AUTHORIZATION_DAYS} days`);
    expect(published('renewal').move).toContain(`(${DEFAULT_FREQUENCY_DAYS} when the product has no charge rules`);
    for (const [name, n] of Object.entries(CLOCK_ROWS)) expect(lineOf(n)!.slice(1).join(' '), name).not.toMatch(/\b[A-Z][A-Z0-9]*_(DAYS|MINUTES)\b(?<!OVERDUE_DAYS)/);
  });
});

it('code names the clock\'s rows: no source file of the sandbox writes "row" and a number (published prose cites them with rowRef)', () => {
  const root = new URL('../../packages/sandbox/', import.meta.url);
  const citing = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.includes('node_modules'))
    .filter((file) => /\brows? \d/i.test(readFileSync(new URL(file, root), 'utf8')));
  expect(citing).toEqual([]);
});
