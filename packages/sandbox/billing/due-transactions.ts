// The test clock's moves of fraud reviews and disputes, at a day's start
// (rows 11-13 of the clock's table): a review past its dueBy is denied, a
// payment in analysis since an earlier day goes to manual review, a dispute
// past its dueBy is lost; a NETWORK_A alert left CREATED past its respondBy
// becomes a dispute (row 15); a PROCESSING payment past its settlesAt is
// answered (row 16, also run after a move: routes/clock.ts); an authorization
// not captured by its captureBefore lapses (row 17, likewise).
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { decideReview, disputeAction } from '../domain/transaction-actions.js';
import { lapseAlert } from '../domain/alert-networks.js';
import { settleDueProcessing } from '../domain/processing.js';
import { lapseDueAuthorizations } from '../domain/authorizations.js';
import { alertsLapsedBefore } from '../store/alerts.js';
import { analysedBefore, disputesDueBefore, reviewsDueBefore } from '../store/due-transactions.js';
import type { Move } from './engine.js';

export async function settleDueTransactions(ctx: SandboxContext, db: Queryable, companyId: string, day: string, at: Date): Promise<Move[]> {
  const moves: Move[] = [];
  // Row 16 first: a renewal still PROCESSING since yesterday is settled before today's billing reads its charge.
  moves.push(...(await settleDueProcessing(ctx, db, companyId, at)));
  moves.push(...(await lapseDueAuthorizations(ctx, db, companyId, at)));
  for (const transaction of await reviewsDueBefore(db, companyId, day))
    moves.push({ row: 12, resource: 'transaction', id: transaction._id, to: (await decideReview(ctx, db, transaction, 'deny', at)).status });
  for (const transaction of await analysedBefore(db, companyId, day))
    moves.push({ row: 11, resource: 'transaction', id: transaction._id, to: (await decideReview(ctx, db, transaction, 'flag', at)).status });
  for (const transaction of await disputesDueBefore(db, companyId, day))
    moves.push({ row: 13, resource: 'transaction', id: transaction._id, to: (await disputeAction(db, transaction, 'lose', at)).status });
  for (const alert of await alertsLapsedBefore(db, companyId, day))
    moves.push({ row: 15, resource: 'alert', id: alert._id, to: (await lapseAlert(db, alert, at)).status });
  return moves;
}
