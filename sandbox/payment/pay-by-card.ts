// One payment attempt stored as a transaction (2.2) inside the caller's
// database transaction: by card through the routes (domain/payments: the
// provider decides whether it could be asked, the test card decides the
// issuer's answer), or a PIX / boleto the sandbox's bank settles.
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { emit } from '../events.js';
import { faultsAt } from '../domain/payments/faults.js';
import { routePayment } from '../domain/payments/route-payment.js';
import type { Modality } from '../domain/payments/routing.js';
import { connectorFor } from '../domain/payments/simulated-acquirer.js';
import { createPayables } from '../domain/split/payables.js';
import { getCompanySettings } from '../store/company-settings.js';
import { money, newId, transactions, type PaymentMethod, type ProductDoc, type TransactionDoc } from '../store/tables.js';
import { cardSummary, threeDSOf, type CardProfile } from './test-cards.js';
import { openChallenge } from './challenge.js';

export interface CardPayment {
  companyId: string; cents: number; installments: number; paymentMethod: PaymentMethod; profile: CardProfile;
  capture?: boolean; split?: TransactionDoc['split'];
  links?: Partial<Pick<TransactionDoc, 'clientId' | 'productId' | 'subscriptionId' | 'chargeId'>>;
  /** The product whose charge.routes carry the payment (the company's routes when it has none, or none is given). */
  product?: ProductDoc;
  /** initial: a first payment (default); recurring: a renewal or a retry the billing clock makes. */
  modality?: Modality;
  /** The service's origin (scheme://host:port) when the shopper is present: a card that asks for 3-D Secure is challenged there. Absent (the clock's renewals): no challenge. */
  threeDSOrigin?: string;
}

type Attempt = Omit<CardPayment, 'profile' | 'capture' | 'product' | 'modality' | 'threeDSOrigin'>
  & Pick<TransactionDoc, 'status' | 'message' | 'card' | 'acquirer' | 'routing' | 'nextAction' | 'threeDS'> & { tid?: string };

async function record(ctx: SandboxContext, db: Queryable, { tid, acquirer, routing, nextAction, threeDS, ...attempt }: Attempt): Promise<TransactionDoc> {
  const now = ctx.now(attempt.companyId);
  const at = now.toISOString();
  const made: TransactionDoc = {
    _id: newId(), companyId: attempt.companyId, tid: tid ?? `sbx_tid_${newId()}`, ...attempt.links,
    amount: money(attempt.cents), installments: attempt.installments, paymentMethod: attempt.paymentMethod,
    status: attempt.status, message: attempt.message, complementaryMessage: 'sandbox: no money moved',
    ...(attempt.card ? { card: attempt.card } : {}), ...(attempt.split !== undefined ? { split: attempt.split } : {}),
    ...(acquirer ? { acquirer } : {}), ...(routing ? { routing } : {}),
    ...(nextAction ? { nextAction } : {}), ...(threeDS ? { threeDS } : {}),
    metadata: {}, createdAt: at, updatedAt: at,
  };
  const transaction = made.status === 'PAID' ? await createPayables(ctx, db, made) : made;
  await transactions.insert(db, transaction);
  await emit(db, attempt.companyId, 'transaction.created', { transaction }, now);
  return transaction;
}

/** The routes a payment walks: its product's charge.routes when it lists any, else the company's. */
async function routesOf(db: Queryable, companyId: string, product?: ProductDoc) {
  const own = product?.charge?.routes ?? [];
  if (own.length) return { routes: own, source: 'product' as const };
  return { routes: (await getCompanySettings(db, companyId)).routes, source: 'company' as const };
}

export async function payByCard(ctx: SandboxContext, db: Queryable, { profile, capture, product, modality = 'initial', threeDSOrigin, ...payment }: CardPayment): Promise<TransactionDoc> {
  const at = ctx.now(payment.companyId);
  const card = cardSummary(profile);
  const [{ routes, source }, faults] = await Promise.all([routesOf(db, payment.companyId, product), faultsAt(db, payment.companyId, at)]);
  const routed = await routePayment({
    routes, source, brand: card.brand, modality,
    authorize: (route) => connectorFor(route.id).authorize({
      companyId: payment.companyId, cents: payment.cents, installments: payment.installments, card: profile, at,
      integrationId: route.integrationId, name: route.name, ...(faults.has(route.id) ? { fault: faults.get(route.id)! } : {}),
    }),
  });
  if (routed.outcome === 'no_route') return record(ctx, db, { ...payment, card, status: 'NO_PAYMENT_ROUTE', message: routed.message, routing: routed.trace });
  const authorizedOnly = routed.outcome === 'approved' && capture === false;
  const status = routed.outcome === 'declined' ? 'DECLINED' : authorizedOnly ? 'AUTHORIZED' : 'PAID';
  const message = authorizedOnly ? 'Authorized, not captured' : routed.acquirer.message;
  // 3-D Secure (http/docs/three-ds.ts) only with the shopper present; the provider's answer is held until the challenge ends.
  const threeDS = threeDSOrigin ? threeDSOf(profile) : undefined;
  if (threeDS === 'challenge' || threeDS === 'challenge_fails') {
    const challenge = openChallenge(ctx, db, payment.companyId, threeDSOrigin!, { status, message, acquirer: routed.acquirer, routing: routed.trace }, threeDS === 'challenge_fails');
    const pending = await record(ctx, db, {
      ...payment, card, status: 'PENDING_3DS', message: 'Waiting for the shopper\'s 3-D Secure authentication',
      nextAction: challenge.nextAction, threeDS: { flow: 'challenge', result: 'PENDING' },
    });
    await challenge.save(pending);
    return pending;
  }
  return record(ctx, db, {
    ...payment, card, tid: routed.acquirer.tid, acquirer: routed.acquirer, routing: routed.trace, status, message,
    ...(threeDS === 'frictionless' ? { threeDS: { flow: 'frictionless' as const, result: 'AUTHENTICATED' as const, at: at.toISOString() } } : {}),
  });
}

type SlipPayment = Omit<CardPayment, 'profile' | 'capture' | 'installments' | 'product' | 'modality'>;

/** A PIX or boleto the sandbox's bank let expire unpaid: DISCARDED (2.2 has no EXPIRED), no card. */
export const discardSlip = (ctx: SandboxContext, db: Queryable, payment: SlipPayment) =>
  record(ctx, db, { ...payment, installments: 1, card: undefined, status: 'DISCARDED', message: `Expired unpaid (${payment.paymentMethod})` });

/** A PIX or boleto the sandbox's bank has settled: PAID, no card. */
export const paySlip = (ctx: SandboxContext, db: Queryable, payment: SlipPayment) =>
  record(ctx, db, { ...payment, installments: 1, card: undefined, status: 'PAID', message: `Settled by the sandbox bank (${payment.paymentMethod})` });
