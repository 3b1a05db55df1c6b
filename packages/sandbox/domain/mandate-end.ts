// A subscription's end cancels its PIX Automático mandate (the sandbox's
// extension): the receiver asks no more debits, so the recorrência is CANCELADA.
import type { Queryable } from '../db/database.js';
import { liveMandateOf } from '../store/mandates.js';
import { move } from './states/machine.js';
import { BCB_STATUS, MANDATE_MACHINE } from './states/mandate.js';

export async function cancelMandateOf(db: Queryable, subscriptionId: string, at: Date, reason: string): Promise<void> {
  const mandate = await liveMandateOf(db, subscriptionId, true);
  if (!mandate) return;
  await move(MANDATE_MACHINE, db, mandate, 'canceled', at, { patch: { history: [...mandate.history, { status: BCB_STATUS.CANCELED, at: at.toISOString() }] }, data: { reason } });
}
