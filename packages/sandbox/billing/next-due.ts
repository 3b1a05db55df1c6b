// The next day the test clock has work for a company: the earliest date any
// schedule row (billing/schedule.ts) comes due, read from the date its `due`
// names, so an advance jumps over the days where nothing is due instead of
// walking them (engine.ts). Each row's date is kept only for records in the
// state the row moves; a date already passed on such a record makes the next
// day due. Lower bounds are fine (a day run for nothing costs one query, moves
// nothing); a day later than a row's real one would skip its move, so each
// bound below is the row's own condition, read at least as wide.
import type { Queryable } from '../db/database.js';
import { FAILED, OPEN as OPEN_CHARGES } from '../domain/states/charge.js';
import { LIVE } from '../domain/states/subscription.js';
import type { ClockRowName } from '../base/clock-rows.js';

/** SQL giving the days (column d, a date) a row can next move for company $1; $2 live statuses, $3 open charge statuses, $4 failed ones. */
type DueDays = string;

// A text date or instant (YYYY-MM-DD...) as its UTC day.
const day = (text: string) => `substr(${text}, 1, 10)::date`;
// The live subscriptions' open charges a charge row can move, with their product (charge rows and the product rule
// rows read them): read once per query (a CTE the rows share, `open_of_live c`, its product's body as c.product), not
// once per row. An OVERDUE charge moves only under an OVERDUE_DAYS product (overdueDaysSpent): the others, most of
// a year's charges, are left out, as billing/engine.ts's billChunk leaves them out.
const OPEN_OF_LIVE_CTE = `open_of_live AS MATERIALIZED (SELECT c.status, c.due_date, c.data, p.data AS product
  FROM charges c JOIN subscriptions s ON s.id = c.subscription_id AND s.company_id = c.company_id AND s.status = ANY($2)
  LEFT JOIN products p ON p.id = s.data->>'productId' AND p.company_id = s.company_id
  WHERE c.company_id = $1 AND c.status = ANY($3) AND c.status <> 'OVERDUE' AND c.due_date IS NOT NULL
  UNION ALL SELECT c.status, c.due_date, c.data, p.data AS product
  FROM products p JOIN subscriptions s ON s.data->>'productId' = p.id AND s.company_id = p.company_id AND s.status = ANY($2)
  JOIN charges c ON c.subscription_id = s.id AND c.company_id = s.company_id
  WHERE p.company_id = $1 AND p.data->'unsubscription'->>'type' = 'OVERDUE_DAYS' AND c.status = 'OVERDUE' AND c.due_date IS NOT NULL)`;
const OPEN_OF_LIVE = 'open_of_live c WHERE true';
const rule = (path: string) => `coalesce((c.product->'charge'->>'${path}')::int, 0)`;

/**
 * Per row with a date, which day it can next move (rows run only after the
 * move, and outcome rows, which follow another row's move, have none).
 */
export const DUE_DAYS: Partial<Record<ClockRowName | 'payablesReleased', DueDays>> = {
  slipExpired: `SELECT ${day("data->'slip'->>'expiresOn'")} + 1 AS d FROM charges WHERE company_id = $1 AND status = ANY($3) AND data->'slip'->>'expiresOn' IS NOT NULL`,
  payablesReleased: `SELECT available_on::date AS d FROM payables WHERE paying_company_id = $1 AND status = 'WAITING_FUNDS'`,
  // An instant falls due at the next day's start (a day early when it is a midnight: a lower bound).
  processingSettled: `SELECT ${day("data->'processing'->>'settlesAt'")} AS d FROM transactions WHERE company_id = $1 AND status = 'PROCESSING'`,
  authorizationLapsed: `SELECT ${day("data->>'captureBefore'")} AS d FROM transactions WHERE company_id = $1 AND status = 'AUTHORIZED'`,
  reviewDenied: `SELECT ${day("data->'review'->>'dueBy'")} + 1 AS d FROM transactions WHERE company_id = $1 AND status IN ('IN_ANALYSIS', 'PENDING_REVIEW')`,
  reviewStarted: `SELECT (created_at AT TIME ZONE 'UTC')::date + 1 AS d FROM transactions WHERE company_id = $1 AND status = 'IN_ANALYSIS'`,
  disputeLost: `SELECT ${day("data->'dispute'->>'dueBy'")} + 1 AS d FROM transactions WHERE company_id = $1 AND status = 'DISPUTE'`,
  alertLapsed: `SELECT ${day("data->>'respondBy'")} + 1 AS d FROM alerts WHERE company_id = $1 AND status = 'CREATED' AND type = 'NETWORK_A'`,
  mandateExpired: `SELECT ${day("data->>'expiresOn'")} + 1 AS d FROM mandates WHERE company_id = $1 AND status = 'PENDING'`,
  // A state, not a date: a live subscription whose product is deleted or gone ends on the next day.
  productDeleted: `SELECT date '0001-01-01' AS d FROM subscriptions s LEFT JOIN products p ON p.id = s.data->>'productId' AND p.company_id = s.company_id
    WHERE s.company_id = $1 AND s.status = ANY($2) AND (p.id IS NULL OR coalesce(p.data->>'deleted', 'false') <> 'false')`,
  renewal: `SELECT ${day("data->>'nextChargeDate'")} AS d FROM subscriptions WHERE company_id = $1 AND status = ANY($2) AND data->>'nextChargeDate' IS NOT NULL`,
  cardAttempt: `SELECT c.due_date AS d FROM ${OPEN_OF_LIVE} AND c.status IN ('ACTIVE', 'IMPORTED')`,
  // A failed charge is retried deniedIntervalDays after its last attempt while attempts remain (its due date first).
  cardRetry: `SELECT greatest(c.due_date, coalesce(${day("c.data->>'lastAttemptAt'")} + ${rule('deniedIntervalDays')}, c.due_date)) AS d FROM ${OPEN_OF_LIVE}
    AND c.status = ANY($4) AND coalesce((c.data->>'attempts')::int, 0) < ${rule('maxDeniedAttempts')}`,
  // A PIX Automático debit falls due as a card attempt does: on the charge's due date.
  pixDebit: `SELECT c.due_date AS d FROM ${OPEN_OF_LIVE} AND c.status IN ('ACTIVE', 'IMPORTED')`,
  // A refused PIX Automático debit: the next day at the earliest (a retry, or its debits over: overdue).
  pixDebitRetry: `SELECT greatest(c.due_date, ${day("c.data->>'lastAttemptAt'")} + 1) AS d FROM ${OPEN_OF_LIVE} AND c.status = ANY($4) AND c.data ? 'pixDebit'`,
  overdue: `SELECT c.due_date + 1 AS d FROM ${OPEN_OF_LIVE} AND (c.status IN ('ACTIVE', 'IMPORTED')
    OR (c.status = ANY($4) AND coalesce((c.data->>'attempts')::int, 0) >= ${rule('maxDeniedAttempts')}))`,
  overdueDaysSpent: `SELECT c.due_date + coalesce((c.product->'unsubscription'->>'overdueDays')::int, 0) + 1 AS d FROM ${OPEN_OF_LIVE}
    AND c.status = 'OVERDUE' AND c.product->'unsubscription'->>'type' = 'OVERDUE_DAYS'`,
  // Reached by an overdue move (a due day of its own); one already reached ends its subscription on the next day.
  // The overdue charges counted for the company at once and joined (a probe per subscription became a scan of every charge once the stats were stale).
  overdueChargesLimit: `SELECT date '0001-01-01' AS d FROM subscriptions s JOIN products p ON p.id = s.data->>'productId' AND p.company_id = s.company_id
      LEFT JOIN (SELECT subscription_id, count(*) AS n FROM charges WHERE company_id = $1 AND status = 'OVERDUE' GROUP BY subscription_id) o ON o.subscription_id = s.id
    WHERE s.company_id = $1 AND s.status = ANY($2) AND coalesce(p.data->'setting'->'limitOverdueCharges'->>'active', 'false') <> 'false'
      AND (p.data->'setting'->'limitOverdueCharges'->>'qty' IS NULL
        OR coalesce(o.n, 0) >= (p.data->'setting'->'limitOverdueCharges'->>'qty')::numeric)`,
};

/** The first day after `after` on which any row may move something of the company; null when none ever will (until something else changes). */
export async function nextDueDay(db: Queryable, companyId: string, after: string): Promise<string | null> {
  const union = Object.values(DUE_DAYS).map((sql) => `(${sql})`).join(' UNION ALL ');
  const [row] = await db.query<{ d: string | null }>(`WITH ${OPEN_OF_LIVE_CTE} SELECT CASE WHEN min(d) IS NULL THEN NULL ELSE to_char(greatest(min(d), $5::date + 1), 'YYYY-MM-DD') END AS d FROM (${union}) due`,
    [companyId, [...LIVE], [...OPEN_CHARGES], [...FAILED], after]);
  return row?.d ?? null;
}
