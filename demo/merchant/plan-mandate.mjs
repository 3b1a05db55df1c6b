// The plan sold by PIX Automático (issue 40 item 3; the sandbox's extension, see site/guide/recurring-pix.md):
// the order becomes a PIX subscription of the plan, and its payer's bank is asked for a mandate
// (journey 3: one code pays the first charge and authorises the renewals). The subscription's first
// charge is the order's one charge: the webhooks that pay it fulfil the order as any other (webhooks.mjs),
// and a shopper whose bank refused the mandate can still pay that same charge by another method (/api/pay).
// Every request carries an Idempotency-Key named by the order: a retry after a lost answer is the same
// subscription and the same mandate. The mandate's status comes from the API (GET /sandbox/v1/mandates)
// when a verified mandate.updated names it, never from the event's body.
import { customerId } from './order-charge.mjs';

/** The Banco Central's journey the store asks for: the first charge paid with the authorisation. */
const JOURNEY = 3;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Subscribes the order to `config.planId` by PIX (once) and asks for its mandate; resolves POST
 * /sandbox/v1/mandates's answer ({mandate, code, charge}) for the page's handleNextAction. A mandate
 * still PENDING is not asked again (409 conflict would say so): the same answer is kept and given again.
 * Another one is asked only after the bank ended the last (REJECTED, EXPIRED): its key counts the asks.
 */
export async function askMandate(api, config, orders, order) {
  const plan = (order.plan ??= { asks: 0 });
  if (plan.answer && (plan.status === 'PENDING' || plan.status === 'ACTIVE')) return plan.answer;
  await ensureSubscription(api, config, orders, order);
  const answer = await api.POST('/sandbox/v1/mandates', {
    body: { companyId: config.companyId, subscriptionId: plan.subscriptionId, journey: JOURNEY },
    headers: { 'Idempotency-Key': `${order.id}:mandate:${plan.asks + 1}` },
  });
  plan.asks += 1;
  plan.answer = answer;
  plan.mandateId = answer.mandate._id;
  plan.status = answer.mandate.status;
  return answer;
}

/**
 * The order's PIX subscription of the plan, made once (its first charge is the order's one charge);
 * a card chosen on the plan's page pays that charge too (order-routes.mjs). The subscription stays
 * PIX: renewals are debited once a mandate is ACTIVE, else each is a PIX of its own (docs/decisions.md).
 */
export async function ensureSubscription(api, config, orders, order) {
  const plan = (order.plan ??= { asks: 0 });
  if (plan.subscriptionId) return plan.subscriptionId;
  // One request of the order at a time (order.paying, order-routes.mjs): never two of these at once.
  const made = await api.POST('/v2/subscription', {
    body: { companyId: config.companyId, productId: config.planId, clientId: await customerId(api, config), dueDate: today(), paymentMethod: 'PIX' },
    headers: { 'Idempotency-Key': `${order.id}:subscription` },
  });
  plan.subscriptionId = made.subscription._id;
  orders.attachCharge(order, made.charge._id); // the order's one charge: the subscription's first
  return plan.subscriptionId;
}

/** The order's mandate as the API has it now (a verified mandate event named it). */
export async function reconcileMandate(api, { companyId }, order) {
  if (!order.plan?.mandateId) return;
  const mandate = await api.GET('/sandbox/v1/mandates', { params: { query: { companyId, mandateId: order.plan.mandateId } } });
  order.plan.status = mandate.status;
  if (order.plan.answer) order.plan.answer = { ...order.plan.answer, mandate };
}

/**
 * What the page tells of the mandate, every status handled: PENDING wait; ACTIVE renewals debited
 * (the order itself is paid by the first charge's webhooks); REJECTED, EXPIRED ask again or pay by
 * another method; REVOKED, CANCELED the renewals need another method.
 */
export function mandateStep(status) {
  switch (status) {
    case 'PENDING': return 'wait';
    case 'ACTIVE': return 'debited';
    case 'REJECTED':
    case 'EXPIRED': return 'ask-again-or-pay';
    case 'REVOKED':
    case 'CANCELED': return 'pay-another-way';
    default: return 'unknown';
  }
}
