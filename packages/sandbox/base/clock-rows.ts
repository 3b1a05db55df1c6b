// The test clock's rows by name, with the number the published table gives
// each (billing/schedule.ts holds the rows themselves). Code names a row;
// the number is what readers cite and what a move's `row` answers. A leaf
// with no imports, so the state tables and schemas can cite a row too.
export const CLOCK_ROWS = {
  renewal: 1,
  cardAttempt: 2,
  cardDeclined: 3,
  cardRetry: 4,
  overdue: 5,
  cardAttemptsSpent: 6,
  overdueDaysSpent: 7,
  overdueChargesLimit: 8,
  slipExpired: 9,
  productDeleted: 10,
  reviewStarted: 11,
  reviewDenied: 12,
  disputeLost: 13,
  challengeExpired: 14,
  alertLapsed: 15,
  processingSettled: 16,
  authorizationLapsed: 17,
  mandateExpired: 18,
  pixDebit: 19,
  pixDebitRetry: 20,
  pixDebitRefused: 21,
} as const;

export type ClockRowName = keyof typeof CLOCK_ROWS;

/** Rows' numbers as published prose lists them: one number, several by commas, a run of three or more as a range (first-last). */
export function rowNumbers(...names: ClockRowName[]): string {
  const runs: number[][] = [];
  for (const n of names.map((name) => CLOCK_ROWS[name])) {
    const run = runs.at(-1);
    if (run && n === run.at(-1)! + 1) run.push(n);
    else runs.push([n]);
  }
  return runs.flatMap((run) => (run.length >= 3 ? [`${run[0]}-${run.at(-1)}`] : run.map(String))).join(', ');
}

/** How published prose cites rows: "row" or "rows", then their numbers. */
export const rowRef = (...names: ClockRowName[]): string => `${names.length === 1 ? 'row' : 'rows'} ${rowNumbers(...names)}`;

/** One write the clock made, as POST /sandbox/v1/clock/advance answers it: the row's number, the record, its status after. */
export interface Move { row: number; resource: 'charge' | 'subscription' | 'transaction' | 'alert' | 'mandate'; id: string; to: string }
