// Sandbox actions on charges and subscriptions (docs/billing-statuses.ts),
// every move through the charge and subscription tables:
//  - a subscription held (pause: STANDBY; block: BLOCKED) with its open
//    charges, and let go (resume, unblock: ACTIVE, with its held charges);
//  - a charge switched off (DISABLED);
//  - a paid charge's receivables anticipated (ANTICIPATED): the company's
//    WAITING_FUNDS payables of its payment PAID today, less a fee.
import type { Queryable } from '../db/database.js';
import { dayOf, daysBetween } from '../base/dates.js';
import { payingTransactionOf } from '../store/charge-payment.js';
import { openChargesOf } from '../store/charges.js';
import { payables, payablesOf, type PayableDoc } from '../store/payables.js';
import { products, type ChargeDoc, type SubscriptionDoc } from '../store/tables.js';
import { renewalAfterToday } from './product-rules.js';
import { CHARGE_MACHINE, OPEN, type ChargeEvent } from './states/charge.js';
import { assertMove, conflict, move } from './states/machine.js';
import { SUBSCRIPTION_MACHINE, type SubscriptionEvent } from './states/subscription.js';
import { anticipationFee } from '../base/anticipation-fee.js';

export type HoldAction = 'pause' | 'block' | 'resume' | 'unblock';

/** Each action: the subscription's row, its charges' row, and the charge statuses it moves. */
const HOLDS: Record<HoldAction, { event: SubscriptionEvent & ChargeEvent; charges: readonly ChargeDoc['status'][] }> = {
  pause: { event: 'paused', charges: OPEN },
  block: { event: 'blocked', charges: [...OPEN, 'STANDBY'] },
  resume: { event: 'resumed', charges: ['STANDBY'] },
  unblock: { event: 'unblocked', charges: ['BLOCKED'] },
};

/** A charge without its waiting PIX or boleto (a held or disabled charge is not payable: the bank's slip goes). */
const unslipped = ({ slip: _slip, ...charge }: ChargeDoc): ChargeDoc => charge;

/**
 * Holds or lets go `subscription` (row-locked by the caller) at `at`: its
 * charges first, then the subscription (which brings its client along). A
 * move its table does not allow: 409 conflict on subscriptionId, nothing
 * written. Let go, the periods it was held are not billed: nextChargeDate
 * moves on by whole periods until it is after today.
 */
export async function holdSubscription(db: Queryable, subscription: SubscriptionDoc, action: HoldAction, at: Date): Promise<SubscriptionDoc> {
  const how = HOLDS[action];
  assertMove(SUBSCRIPTION_MACHINE, subscription, how.event, 'subscriptionId');
  for (const charge of await openChargesOf(db, subscription, how.charges)) {
    await move(CHARGE_MACHINE, db, unslipped(charge), how.event, at, { data: { subscriptionId: subscription._id } });
  }
  const patch: Partial<SubscriptionDoc> = {};
  if ((action === 'resume' || action === 'unblock') && subscription.nextChargeDate) {
    const product = await products.get(db, subscription.companyId, subscription.productId);
    if (product) patch.nextChargeDate = renewalAfterToday(product, subscription.nextChargeDate, dayOf(at));
  }
  return move(SUBSCRIPTION_MACHINE, db, subscription, how.event, at, { patch });
}

/** Switches `charge` (row-locked by the caller) off: DISABLED, inactive, its slip gone; 409 conflict on chargeId when its table does not allow it. */
export async function disableCharge(db: Queryable, charge: ChargeDoc, at: Date): Promise<ChargeDoc> {
  assertMove(CHARGE_MACHINE, charge, 'disabled', 'chargeId');
  return move(CHARGE_MACHINE, db, unslipped(charge), 'disabled', at, { patch: { active: false } });
}

export interface Anticipation { transactionId: string; payables: PayableDoc[]; fee: number; netAmount: number }

/**
 * Anticipates the receivables of `charge` (row-locked by the caller, PAID or
 * RECOVERED): the company's own WAITING_FUNDS payables of the transaction
 * that paid it become PAID today (availableOn today, anticipatedFrom the day
 * they had), each less its fee (anticipationFee); other recipients' payables
 * are left. Nothing waiting (a PIX paid D+0, or anticipated already): 409
 * conflict on chargeId.
 */
export async function anticipateCharge(db: Queryable, charge: ChargeDoc, at: Date): Promise<{ charge: ChargeDoc; anticipation: Anticipation }> {
  assertMove(CHARGE_MACHINE, charge, 'anticipated', 'chargeId');
  const transaction = await payingTransactionOf(db, charge);
  const today = dayOf(at);
  const waiting = transaction ? (await payablesOf(db, transaction._id, true)).filter((p) => p.status === 'WAITING_FUNDS' && p.companyId === charge.companyId) : [];
  if (!transaction || !waiting.length) throw conflict(`charge ${charge._id} has no receivable waiting for funds: nothing to anticipate`, 'chargeId');
  const stamp = at.toISOString();
  const moved: PayableDoc[] = [];
  for (const payable of waiting) {
    const fee = anticipationFee(payable.netAmount, Math.max(0, daysBetween(today, payable.availableOn)));
    moved.push(await payables.update(db, {
      ...payable, status: 'PAID', netAmount: payable.netAmount - fee, anticipationFee: fee, anticipatedFrom: payable.availableOn, availableOn: today, updatedAt: stamp,
    }));
  }
  const anticipation = { transactionId: transaction._id, payables: moved, fee: moved.reduce((sum, p) => sum + (p.anticipationFee ?? 0), 0), netAmount: moved.reduce((sum, p) => sum + p.netAmount, 0) };
  const written = await move(CHARGE_MACHINE, db, charge, 'anticipated', at, { data: { transactionId: transaction._id, anticipation: { fee: anticipation.fee, netAmount: anticipation.netAmount } } });
  return { charge: written, anticipation };
}
