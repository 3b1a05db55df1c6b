// The test clock's reads for fraud reviews and disputes (the schedule's reviewStarted, reviewDenied, disputeLost, processingSettled and authorizationLapsed rows): a company's transactions whose time has come, row-locked.
import type { Queryable } from '../db/database.js';
import type { TransactionDoc } from './tables.js';

/** IN_ANALYSIS made before `day` (reviewStarted): the analysis asks for a manual review. */
export const analysedBefore = async (db: Queryable, companyId: string, day: string) =>
  (await db.query<{ data: TransactionDoc }>("SELECT data FROM transactions WHERE company_id = $1 AND status = 'IN_ANALYSIS' AND created_at < $2 ORDER BY created_at, id FOR UPDATE", [companyId, `${day}T00:00:00Z`])).map((r) => r.data);

/** Held for review past its review.dueBy (reviewDenied). */
export const reviewsDueBefore = async (db: Queryable, companyId: string, day: string) =>
  (await db.query<{ data: TransactionDoc }>("SELECT data FROM transactions WHERE company_id = $1 AND status IN ('IN_ANALYSIS', 'PENDING_REVIEW') AND data->'review'->>'dueBy' < $2 ORDER BY created_at, id FOR UPDATE", [companyId, day])).map((r) => r.data);

/** DISPUTE past its dispute.dueBy (disputeLost). */
export const disputesDueBefore = async (db: Queryable, companyId: string, day: string) =>
  (await db.query<{ data: TransactionDoc }>("SELECT data FROM transactions WHERE company_id = $1 AND status = 'DISPUTE' AND data->'dispute'->>'dueBy' < $2 ORDER BY created_at, id FOR UPDATE", [companyId, day])).map((r) => r.data);

/** PROCESSING whose processing.settlesAt is at or before `at` (processingSettled). */
export const processingDueBy = async (db: Queryable, companyId: string, at: Date) =>
  (await db.query<{ data: TransactionDoc }>("SELECT data FROM transactions WHERE company_id = $1 AND status = 'PROCESSING' AND data->'processing'->>'settlesAt' <= $2 ORDER BY data->'processing'->>'settlesAt', id FOR UPDATE", [companyId, at.toISOString()])).map((r) => r.data);

/** AUTHORIZED transactions of the company whose captureBefore is at or before `at` (authorizationLapsed). */
export const authorizationsLapsedBy = async (db: Queryable, companyId: string, at: Date) =>
  (await db.query<{ data: TransactionDoc }>("SELECT data FROM transactions WHERE company_id = $1 AND status = 'AUTHORIZED' AND data->>'captureBefore' <= $2 ORDER BY data->>'captureBefore', id FOR UPDATE", [companyId, at.toISOString()])).map((r) => r.data);

/** The company's STANDBY transactions (released together when its account leaves standby). */
export const standbyOf = async (db: Queryable, companyId: string) =>
  (await db.query<{ data: TransactionDoc }>("SELECT data FROM transactions WHERE company_id = $1 AND status = 'STANDBY' ORDER BY created_at, id FOR UPDATE", [companyId])).map((r) => r.data);
