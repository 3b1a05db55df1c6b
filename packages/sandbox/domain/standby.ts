// STANDBY: the company's merchant account is on standby (PUT
// /sandbox/v1/company/settings {standby: true}, as an account under
// verification): the issuer approves a captured one-off payment, the service
// holds it (no payables). Taken off standby, every STANDBY transaction of the
// company is released: standby_released -> PAID with its payables.
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { standbyOf } from '../store/due-transactions.js';
import { createPayables } from './split/payables.js';
import { move } from './states/machine.js';
import { TRANSACTION_MACHINE } from './states/transaction.js';

export async function releaseStandby(ctx: SandboxContext, db: Queryable, companyId: string, at: Date): Promise<void> {
  for (const transaction of await standbyOf(db, companyId)) {
    const paid = await createPayables(ctx, db, { ...transaction, status: 'PAID', message: 'Approved; released from standby', updatedAt: at.toISOString() });
    ctx.recent.remember(await move(TRANSACTION_MACHINE, db, transaction, 'standby_released', at, { patch: paid }));
  }
}
