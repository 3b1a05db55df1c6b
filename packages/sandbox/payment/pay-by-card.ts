// One payment attempt stored as a transaction (2.2) inside the caller's
// database transaction: by card through the routes (domain/payments: the
// provider decides whether it could be asked, the test card decides the
// issuer's answer), or a PIX / boleto the sandbox's bank settles.
import type { SandboxContext } from '../context.js';
import { captureBeforeOf } from '../domain/authorizations.js';
import type { Queryable } from '../db/database.js';
import { companyState } from '../domain/payments/company-state.js';
import { inForce } from '../domain/payments/faults.js';
import { routePayment } from '../domain/payments/route-payment.js';
import type { Modality } from '../domain/payments/routing.js';
import { connectorFor } from '../domain/payments/simulated-acquirer.js';
import { createPayables } from '../domain/split/payables.js';
import type { CompanySettingsDoc } from '../store/company-settings.js';
import { create } from '../domain/states/machine.js';
import { TRANSACTION_MACHINE, type TransactionEvent } from '../domain/states/transaction.js';
import { money, newId, type PaymentMethod, type ProductDoc, type TransactionDoc } from '../store/tables.js';
import type { PaymentProfile } from 'svc-card/server';
import { cardSummary, riskBlock, threeDSOf } from './test-cards.js';
import { PROCESSING_MINUTES } from '../domain/states/transaction.js';
import { openChallenge } from './challenge.js';
import { addDays, dayOf } from '../base/dates.js';
import { REVIEW_DAYS } from '../domain/states/transaction.js';

export interface CardPayment {
  companyId: string; cents: number; installments: number; paymentMethod: PaymentMethod; profile: PaymentProfile;
  capture?: boolean; split?: TransactionDoc['split'];
  links?: Partial<Pick<TransactionDoc, 'clientId' | 'productId' | 'subscriptionId' | 'chargeId'>>;
  /** The caller's reference (POST /v1/charge/pay's referenceId), kept on the transaction. */
  referenceId?: string | undefined;
  /** The product whose charge.routes carry the payment (the company's routes when it has none, or none is given). */
  product?: ProductDoc;
  /** initial: a first payment (default); recurring: a renewal or a retry the billing clock makes. */
  modality?: Modality;
  /** The service's origin (scheme://host:port) when the shopper is present: a card that asks for 3-D Secure is challenged there. Absent (the clock's renewals): no challenge. */
  threeDSOrigin?: string;
  /** Who pays, for an answer that comes later (3-D Secure, PROCESSING): a subscription's own payment (POST /v1/subscription, the clock) or the shopper's (default). */
  payer?: Payer;
  /** The request's cache epoch (auth/credentials.ts): the company's settings and faults may come from the cache (domain/payments/company-state.ts). */
  cacheEpoch?: string;
}

/** subscription: a failed answer makes the charge and the subscription ERROR_PAYMENT (domain/held-payment.ts); shopper: a decline leaves the charge's status. */
export type Payer = 'shopper' | 'subscription';

type Attempt = Omit<CardPayment, 'profile' | 'capture' | 'product' | 'modality' | 'threeDSOrigin' | 'payer' | 'cacheEpoch'>
  & Pick<TransactionDoc, 'status' | 'message' | 'card' | 'acquirer' | 'routing' | 'review' | 'nextAction' | 'threeDS' | 'processing'> & { tid?: string; event: TransactionEvent; settings?: CompanySettingsDoc };

async function record(ctx: SandboxContext, db: Queryable, { tid, acquirer, routing, event, review, nextAction, threeDS, processing, settings, ...attempt }: Attempt): Promise<TransactionDoc> {
  const now = ctx.now(attempt.companyId);
  const at = now.toISOString();
  const made: TransactionDoc = {
    _id: newId(), companyId: attempt.companyId, tid: tid ?? `sbx_tid_${newId()}`, ...attempt.links,
    ...(attempt.referenceId !== undefined ? { referenceId: attempt.referenceId } : {}),
    amount: money(attempt.cents), installments: attempt.installments, paymentMethod: attempt.paymentMethod,
    status: attempt.status, message: attempt.message, complementaryMessage: 'sandbox: no money moved',
    ...(attempt.card ? { card: attempt.card } : {}), ...(attempt.split !== undefined ? { split: attempt.split } : {}),
    ...(acquirer ? { acquirer } : {}), ...(routing ? { routing } : {}), ...(review ? { review } : {}),
    ...(nextAction ? { nextAction } : {}), ...(threeDS ? { threeDS } : {}), ...(processing ? { processing: { ...processing, settlesAt: new Date(now.getTime() + PROCESSING_MINUTES * 60_000).toISOString() } } : {}),
    ...(attempt.status === 'AUTHORIZED' ? { captureBefore: captureBeforeOf(now) } : {}),
    metadata: {}, createdAt: at, updatedAt: at,
  };
  const transaction = made.status === 'PAID' ? await createPayables(ctx, db, made, undefined, settings) : made;
  return create(TRANSACTION_MACHINE, db, transaction, event, now);
}

/** The routes a payment walks: its product's charge.routes when it lists any, else the company's. */
function routesOf(settings: CompanySettingsDoc, product?: ProductDoc) {
  const own = product?.charge?.routes ?? [];
  if (own.length) return { routes: own, source: 'product' as const, standby: false };
  // A payment with a product is a charge's, never held on standby: only a payment naming no product reads it.
  return { routes: settings.routes, source: 'company' as const, standby: !product && settings.standby === true };
}

export async function payByCard(ctx: SandboxContext, db: Queryable, { profile, capture, product, modality = 'initial', threeDSOrigin, payer = 'shopper', cacheEpoch, ...payment }: CardPayment): Promise<TransactionDoc> {
  const at = ctx.now(payment.companyId);
  const card = cardSummary(profile);
  // The antifraud blocks the card before any provider is asked (BLOCKED: no acquirer, no routing).
  const blocked = riskBlock(profile);
  if (blocked) return record(ctx, db, { ...payment, event: 'card_payment', card, status: 'BLOCKED', message: blocked.message });
  // The company's settings and faults in one statement, or none (the cache); its split below is the same read's.
  const company = await companyState(ctx.db, db, payment.companyId, cacheEpoch);
  const { routes, source, standby } = routesOf(company.settings, product);
  const faults = inForce(company.faults, at);
  const settings = company.settings;
  const routed = await routePayment({
    routes, source, brand: card.brand, modality,
    authorize: (route) => connectorFor(route.id).authorize({
      companyId: payment.companyId, cents: payment.cents, installments: payment.installments, card: profile, at,
      integrationId: route.integrationId, name: route.name, ...(faults.has(route.id) ? { fault: faults.get(route.id)! } : {}),
    }),
  });
  if (routed.outcome === 'no_route') return record(ctx, db, { ...payment, event: 'card_payment', card, status: 'NO_PAYMENT_ROUTE', message: routed.message, routing: routed.trace });
  // A provider that answers later (a delayed fault): PROCESSING, settled by the test clock (domain/processing.ts); no 3-D Secure, no review.
  if (routed.outcome === 'pending') {
    return record(ctx, db, {
      ...payment, event: 'card_payment', card, tid: routed.acquirer.tid, acquirer: routed.acquirer, routing: routed.trace, status: 'PROCESSING', message: 'Waiting for the provider\'s answer',
      // settlesAt: PROCESSING_MINUTES after the transaction is made (record()).
      processing: { settlesAt: '', capture: capture !== false, payer },
    });
  }
  const authorizedOnly = routed.outcome === 'approved' && capture === false;
  // The fraud-review test card holds the shopper's captured payment for review (IN_ANALYSIS, review.dueBy on the clock):
  // a one-off one, or a charge's (POST /v1/charge/pay: the charge waits for the decision). A subscription's own payment is not held.
  const held = routed.outcome === 'approved' && routed.review && !authorizedOnly && payer === 'shopper';
  // The merchant's account on standby (company settings) holds an approved, captured one-off payment: STANDBY until released (domain/standby.ts).
  const onStandby = standby && !payment.links?.chargeId;
  const status = routed.outcome === 'declined' ? routed.refusal ?? 'DECLINED' : authorizedOnly ? 'AUTHORIZED' : held ? 'IN_ANALYSIS' : onStandby ? 'STANDBY' : 'PAID';
  const message = authorizedOnly ? 'Authorized, not captured' : status === 'STANDBY' ? 'Approved; held while the merchant account is on standby' : routed.review && !held ? 'Approved' : routed.acquirer.message;
  // 3-D Secure (http/docs/three-ds.ts) only with the shopper present; the provider's answer is held until the challenge ends.
  const threeDS = threeDSOrigin ? threeDSOf(profile) : undefined;
  if (threeDS === 'challenge' || threeDS === 'challenge_fails') {
    // The issuer's answer without a fraud review: a 3-D Secure card is never the review card.
    const answered = routed.outcome === 'declined' ? 'DECLINED' : authorizedOnly ? 'AUTHORIZED' : 'PAID';
    const challenge = openChallenge(ctx, db, payment.companyId, threeDSOrigin!, { status: answered, message, acquirer: routed.acquirer, routing: routed.trace }, threeDS === 'challenge_fails', payer);
    const pending = await record(ctx, db, {
      ...payment, event: 'card_payment', card, status: 'PENDING_3DS', message: 'Waiting for the shopper\'s 3-D Secure authentication',
      nextAction: challenge.nextAction, threeDS: { flow: 'challenge', result: 'PENDING' },
    });
    await challenge.save(pending);
    return pending;
  }
  return record(ctx, db, {
    ...payment, event: 'card_payment', card, tid: routed.acquirer.tid, acquirer: routed.acquirer, routing: routed.trace, status, message, settings,
    ...(held ? { review: { dueBy: addDays(dayOf(at), REVIEW_DAYS) } } : {}),
    ...(threeDS === 'frictionless' ? { threeDS: { flow: 'frictionless' as const, result: 'AUTHENTICATED' as const, at: at.toISOString() } } : {}),
  });
}

type SlipPayment = Omit<CardPayment, 'profile' | 'capture' | 'installments' | 'product' | 'modality'>;

/** A PIX or boleto the sandbox's bank let expire unpaid: DISCARDED (2.2 has no EXPIRED), no card. */
export const discardSlip = (ctx: SandboxContext, db: Queryable, payment: SlipPayment) =>
  record(ctx, db, { ...payment, event: 'slip_expired', installments: 1, card: undefined, status: 'DISCARDED', message: `Expired unpaid (${payment.paymentMethod})` });

/** A PIX or boleto the sandbox's bank has settled: PAID, no card. */
export const paySlip = (ctx: SandboxContext, db: Queryable, payment: SlipPayment) =>
  record(ctx, db, { ...payment, event: 'slip_settled', installments: 1, card: undefined, status: 'PAID', message: `Settled by the sandbox bank (${payment.paymentMethod})` });

/** A PIX Automático debit the payer's bank made (PAID) or refused (DECLINED, with its reason), no card. */
export const debitPix = (ctx: SandboxContext, db: Queryable, payment: Omit<SlipPayment, 'paymentMethod'>, refusal?: string) =>
  record(ctx, db, { ...payment, paymentMethod: 'PIX', installments: 1, card: undefined, ...(refusal
    ? { event: 'pix_debit_refused', status: 'DECLINED', message: `PIX Automático debit refused by the payer's bank: ${refusal}` }
    : { event: 'pix_debited', status: 'PAID', message: 'Debited by PIX Automático' }) });
