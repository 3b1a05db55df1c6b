// A PIX or boleto issued for a charge lives until its bank lets it expire:
// the PIX the day after it was issued, the boleto after its due date. The
// reference has no EXPIRED status (2.2, 2.3): an expiry is a DISCARDED
// transaction of that method, the charge's failed attempt (attempts + 1),
// with a declined card's events; the charge stays payable (a new slip).
// While a slip waits the charge is PENDING_PAYMENT (slip_issued); its expiry
// makes it ACTIVE again (slip_expired).
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { move } from '../domain/states/machine.js';
import { CHARGE_MACHINE, OPEN, chargePaidEvent } from '../domain/states/charge.js';
import { boletoFor, pixFor } from '../payment/bank-slips.js';
import { BOLETO_MAX_CENTS } from '../payment/boleto.js';
import { fieldError, invalid } from '../base/errors.js';
import { discardSlip, paySlip } from '../payment/pay-by-card.js';
import { clients, type ChargeDoc, type TransactionDoc } from '../store/tables.js';
import { addDays, dayOf } from '../base/dates.js';
import { chargeLinks } from './charges.js';
import { settleSubscription } from './settle.js';

/** Charge statuses a payment (card or slip) may still settle. */
export const PAYABLE: readonly string[] = OPEN;

/** The charge paid (by card or slip) by `transaction`: PAID (the charge table's `paid` row; RECOVERED by `recovered` when it was OVERDUE), its waiting slip gone; charge.paid carries it as written. */
export function payCharge(db: Queryable, { slip: paid, ...charge }: ChargeDoc, transaction: TransactionDoc, patch: Partial<ChargeDoc> = {}): Promise<ChargeDoc> {
  // Its PIX paid (a boleto's too): the cob's location answers CONCLUIDA from now on; a boleto paid by its line leaves its cobv REMOVIDA_PELO_PSP.
  if (paid?.txid && transaction.paymentMethod === 'PIX') patch = { ...patch, pixCob: { txid: paid.txid, status: 'CONCLUIDA' } };
  return move(CHARGE_MACHINE, db, charge, chargePaidEvent(charge.status), new Date(transaction.updatedAt), { patch, data: { transactionId: transaction._id } });
}

/** A BOLETO for more than its value field holds is refused (400 on paymentMethod); checked before anything is made. */
export function assertSlipAmount(cents: number, method: string): void {
  if (method === 'BOLETO' && cents > BOLETO_MAX_CENTS) throw invalid(fieldError('paymentMethod', `paymentMethod BOLETO carries at most R$ 99,999,999.99 (a boleto's value field has 10 digits); this payment is ${cents} cents: pay it by PIX or card`));
}

/**
 * Issues (or issues again) the charge's PIX or boleto, kept on the charge as `slip` (slip_issued:
 * PENDING_PAYMENT, charge.updated); a card method issues nothing. `origin` is where the caller
 * reached the sandbox: a PIX's payload location is served there.
 */
export async function issueSlip(ctx: SandboxContext, db: Queryable, charge: ChargeDoc, method: string, origin: string, referenceId?: string) {
  if (method !== 'PIX' && method !== 'BOLETO') return { charge };
  const now = ctx.now(charge.companyId);
  const client = method === 'BOLETO' && charge.clientId ? await clients.get(db, charge.companyId, charge.clientId) : undefined;
  // A boleto carries its PIX (a cobv until its due date), as Brazilian banks issue boletos since 2025: either pays it.
  const boleto = method === 'BOLETO' ? boletoFor(charge, dayOf(now), client && { name: client.name, taxId: client.doc }) : undefined;
  const shown = { pix: await pixFor(charge, origin, now, boleto?.dueDate), ...(boleto ? { boleto } : {}) };
  const expiresOn = boleto ? boleto.dueDate : addDays(dayOf(now), 1);
  const slip = { paymentMethod: method, issuedAt: now.toISOString(), expiresOn, ...(referenceId !== undefined ? { referenceId } : {}), txid: shown.pix.txid } as const;
  const updated = await move(CHARGE_MACHINE, db, charge, 'slip_issued', now, { patch: { slip } });
  return { charge: updated, ...shown };
}

/** The bank lets the charge's slip expire: a DISCARDED transaction, the charge's attempt, transaction.created and charge.payment_failed. */
export async function expireSlip(ctx: SandboxContext, db: Queryable, charge: ChargeDoc, at: Date): Promise<{ charge: ChargeDoc; transaction: TransactionDoc }> {
  const { slip, ...rest } = charge;
  const transaction = await discardSlip(ctx, db, {
    companyId: charge.companyId, cents: charge.amount.value, paymentMethod: slip!.paymentMethod,
    links: chargeLinks(charge), referenceId: slip!.referenceId,
  });
  const updated = await move(CHARGE_MACHINE, db, rest, 'slip_expired', at, { patch: { attempts: (charge.attempts ?? 0) + 1, lastAttemptAt: at.toISOString() }, data: { transactionId: transaction._id } });
  return { charge: updated, transaction };
}

/** The clock's slipExpired row: every payable charge of the company whose slip's last day is before `day`, its slip expired; answers the DISCARDED transactions. */
export async function expireDueSlips(ctx: SandboxContext, db: Queryable, companyId: string, day: string, at: Date): Promise<TransactionDoc[]> {
  const rows = await db.query<{ data: ChargeDoc }>(
    "SELECT data FROM charges WHERE company_id = $1 AND status = ANY($2) AND data->'slip'->>'expiresOn' < $3 ORDER BY id FOR UPDATE", [companyId, OPEN, day]);
  const discarded: TransactionDoc[] = [];
  for (const { data } of rows) discarded.push((await expireSlip(ctx, db, data, at)).transaction);
  return discarded;
}

/** The merchant removes the charge's waiting PIX (the API Pix's PATCH /cob/{txid} to REMOVIDA_PELO_USUARIO_RECEBEDOR): the charge ACTIVE again, no attempt counted. */
export async function removePix(db: Queryable, charge: ChargeDoc, at: Date): Promise<ChargeDoc> {
  if (charge.slip?.paymentMethod !== 'PIX' || !charge.slip.txid || charge.status !== 'PENDING_PAYMENT') throw invalid(fieldError('chargeId', 'the charge has no PIX waiting: pay it by PIX first'));
  const { slip, ...rest } = charge;
  return move(CHARGE_MACHINE, db, rest, 'pix_removed', at, { patch: { pixCob: { txid: slip.txid!, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' } } });
}

/** The bank settles the charge's PIX or boleto: a PAID transaction of that method, its subscription moved (settle.ts), the charge PAID (or RECOVERED). */
export async function settleSlip(ctx: SandboxContext, db: Queryable, charge: ChargeDoc, paymentMethod: 'PIX' | 'BOLETO'): Promise<{ charge: ChargeDoc; transaction: TransactionDoc }> {
  const transaction = await paySlip(ctx, db, { companyId: charge.companyId, cents: charge.amount.value, paymentMethod, links: chargeLinks(charge), referenceId: charge.slip?.referenceId });
  await settleSubscription(db, charge, transaction);
  return { charge: await payCharge(db, charge, transaction), transaction };
}
