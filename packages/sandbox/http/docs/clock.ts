// The "Test clock: the automatic moves" section of the API description,
// rendered from the schedule the clock runs (billing/schedule.ts): one line
// per published row, by its number (the table's order is the clock's order).
import { CLOCK_ROWS, type ClockRowName } from '../../base/clock-rows.js';
import { forecastLimits, MAX_FORECAST_DAYS } from '../../billing/forecast.js';
import { SCRATCH_WAITING } from '../../db/scratch.js';
import { SCHEDULE } from '../../billing/schedule.js';
import { HELD, LIVE } from '../../domain/states/subscription.js';

const cell = (text: string) => text.replace(/\|/g, '\\|');

const published = SCHEDULE.filter((row): row is typeof row & { name: ClockRowName } => row.name in CLOCK_ROWS)
  .sort((a, b) => CLOCK_ROWS[a.name] - CLOCK_ROWS[b.name]);

/** The published table's lines: row number, when, condition, move, event (an empty cell as \`| |\`). */
export const CLOCK_TABLE = published
  .map((row) => `|${[String(CLOCK_ROWS[row.name]), row.when, row.condition, row.move, row.events].map((text) => (text ? ` ${cell(text)} ` : ' ')).join('|')}|`)
  .join('\n');

export const CLOCK_SECTION = `
## Test clock: the automatic moves

Each company has its own clock (GET /sandbox/v1/clock, POST /sandbox/v1/clock/advance). Moving it runs billing for every day passed, in this order, for each subscription that is neither ended nor held (${LIVE.join(', ')}; not ${HELD.join(', ')}). Dates are UTC days. Each day runs at its first instant (00:00:00.000Z), the moment its dates fall due, as Stripe's test clocks stamp a renewal with its period's time: everything the day creates or moves (charges, transactions, alerts, events and their webhook deliveries, updatedAt and lastAttemptAt) carries that time, not the time the clock is moved to, and the days run in order, so createdAt follows them. Days on which nothing is due (no date of the table below reached, no state it moves) are passed over: the clock goes straight to the next day with work, with the same moves and events as walking every day. Renewals charge the card kept from the last card payment (a test card, by BIN and last four), at that day's date (so an expiry passes).

| row | when | condition | move | event |
|---|---|---|---|---|
${CLOCK_TABLE}

unsubscription.type NEVER (or none) never ends a subscription: it stays OVERDUE and renewals go on. Paying an ERROR_PAYMENT charge (POST /v1/charge/pay) makes the subscription ACTIVE again and keeps the new card; paying an OVERDUE one makes the charge and an OVERDUE subscription RECOVERED ("Billing statuses").

A subscription's forecast (the sandbox's extension, not in the reference): GET /sandbox/v1/subscription/forecast?subscriptionId=…&days=N (N from 1 to ${MAX_FORECAST_DAYS}; anything else is a 400 naming days) answers what moving its company's clock N days would do to it: each move of this table on the subscription, its charges, their transactions and alerts, in the clock's order, with the day it falls on, its row (number and name) and, for a charge, its sequence, due date and amount in integer cents; then its charges and the subscription as they would stand. It runs the clock itself (these rows, the same jumps over days with nothing due) on a copy of the subscription's rows (itself, its product, client, charges and their transactions, alerts, payables and 3-D Secure challenges, and the company's clock, settings and provider faults), read in one short transaction and written into a scratch in-memory PGlite on a thread of its own, emptied after: it writes nothing to the sandbox's database, emits no event, sends no webhook, leaves the clock where it was and holds no lock or connection while it runs, and it cannot disagree with the clock: records the clock has yet to make are marked provisional (their ids will differ; a charge is named by its sequence). It is per subscription, not per company, so one call is one subscription's work; what the merchant or shopper does meanwhile (a payment, a cancel, a provider fault) is not foreseen. Cost: the clock's work for this one subscription, on the scratch's thread: about 70 ms of CPU per day with work for a daily card renewal (a year of them about 25 s; the first forecast of a process also starts the scratch, seconds). Limits: one forecast at a time per sandbox process, ${SCRATCH_WAITING} waiting; another is answered 503 service_busy with Retry-After at once, and a forecast not done ${forecastLimits.budgetMs / 1000} s after it was asked (waiting included) is stopped and answered 503 service_busy with Retry-After, each message naming its cause.
`.trim();
