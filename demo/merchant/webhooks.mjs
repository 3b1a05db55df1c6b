// Fulfilment comes from verified webhooks (BRIEF: issue 41). The store registers its endpoint
// (POST /sandbox/v1/webhooks: the sandbox's way; a production service is set up in its dashboard)
// and keeps the secret it is shown once. Each delivery to POST /webhooks is verified over the raw
// body (verifyWebhook), answered at once when its event id was seen (duplicates), and otherwise
// never trusted for the state it carries: the store reads the charge's current state from the
// API (reconcile), so events that come twice, late or out of order change nothing they should not.
import { verifyWebhook, WebhookSignatureError } from '@svc-card/client';
import { FAILED } from './outcomes.mjs';
import { reconcileMandate } from './plan-mandate.mjs';

/** The event types the store needs: a charge paid or moved, a transaction made or moved (a challenge ended), a plan's PIX Automático mandate answered. */
const EVENTS = ['charge.paid', 'charge.updated', 'charge.payment_failed', 'transaction.created', 'transaction.updated', 'mandate.updated'];

/** Registers `url` for the company's events, replacing an endpoint of the same url (a restart: its secret is gone); resolves {id, secret}. */
export async function registerWebhook(api, companyId, url) {
  for (const old of (await api.GET('/sandbox/v1/webhooks', { params: { query: { companyId } } })).items) {
    if (old.url === url) await api.DELETE('/sandbox/v1/webhooks', { params: { query: { companyId, webhookId: old._id } } });
  }
  const made = await api.POST('/sandbox/v1/webhooks', { body: { companyId, url, events: EVENTS }, headers: { 'Idempotency-Key': `webhook:${url}:${Date.now()}` } });
  return { id: made._id, secret: made.secret };
}

/** Charge statuses in which a PIX or boleto issued for it can no longer be paid, and no payment ended it: the bank's (or the merchant's) cancellation. */
const SLIP_GONE = new Set(['DISABLED', 'STANDBY', 'BLOCKED', 'NO_PAYMENT', 'CANCELED_MANUAL', 'CANCELED_ALERT_NETWORK_A']);

/**
 * The order's PIX or boleto ended unpaid, so the page stops waiting (issue 39): expired when the
 * ledger has the charge's DISCARDED transaction of that method since it was issued (what the bank's
 * expiry makes: POST /sandbox/v1/charges/expire, or the clock); cancelled when a verified event
 * shows the charge, since then, in a status no slip survives (the API has no read of a charge:
 * those statuses are final for the slip, so an event late or twice cannot undo it).
 */
async function slipEnded(api, companyId, order, slip, charge) {
  if (charge && SLIP_GONE.has(charge.status) && charge.updatedAt >= slip.issuedAt) return 'canceled';
  const query = { companyId, chargeId: order.chargeId, status: 'DISCARDED', limit: 1, 'sort.property': 'createdAt', 'sort.direction': 'desc' };
  const [last] = (await api.GET('/v1/transaction', { params: { query } })).items;
  return last && last.paymentMethod === slip.paymentMethod && last.createdAt >= slip.issuedAt ? 'expired' : undefined;
}

/**
 * The order from the ledger: paid once the charge has a PAID transaction (fulfilled then, once:
 * `fulfil(order)`), else its PIX or boleto ended by the bank (`charge`: the one a verified event
 * carries), else the latest card attempt's failure once it has ended (a failed challenge).
 */
export async function reconcile(api, { companyId, fulfil }, order, charge) {
  const query = { companyId, chargeId: order.chargeId, status: 'PAID', limit: 1 };
  const [paid] = (await api.GET('/v1/transaction', { params: { query } })).items;
  if (paid) {
    order.payment = paid;
    if (!order.fulfilledAt) {
      order.fulfilledAt = new Date().toISOString();
      fulfil?.(order);
    }
    return;
  }
  // Set once, on the slip it was read for: a reconcile still reading when another ended it (events come
  // together) must not undo it, nor mark a newer slip issued meanwhile.
  const { slip } = order;
  const ended = slip && !slip.ended ? await slipEnded(api, companyId, order, slip, charge) : undefined;
  if (ended) slip.ended ??= ended;
  if (!order.card) return;
  const attempt = await api.GET('/v1/transaction/full', { params: { query: { companyId, transactionId: order.card.transactionId } } });
  if (FAILED.has(attempt.status)) order.failure = attempt;
}

/** The charge an event is about: a charge event carries the charge, a transaction event the transaction, a mandate event its first charge (journey 3). */
const chargeOf = (event) => event.data?.charge?._id ?? event.data?.transaction?.chargeId ?? event.data?.mandate?.chargeId;

/**
 * POST /webhooks: `{status, body}` to answer. 400 when the signature does not hold (nothing read or
 * changed); 200 for a verified event, once the order it concerns is reconciled; 503 when the API
 * could not be read, so the service delivers it again later.
 */
export async function receiveWebhook({ api, config, orders, seen, secret }, signature, rawBody) {
  let event;
  try {
    event = verifyWebhook(secret, signature, rawBody);
  } catch (error) {
    if (error instanceof WebhookSignatureError || error instanceof SyntaxError) return { status: 400, body: { error: 'the signature does not match: refused' } };
    throw error;
  }
  if (typeof event?.id !== 'string') return { status: 400, body: { error: 'the event has no id' } };
  if (seen.has(event.id)) return { status: 200, body: { received: event.id, duplicate: true } };
  const order = orders.ofCharge(chargeOf(event));
  if (order) {
    try {
      await reconcile(api, config, order, event.data?.charge);
      await reconcileMandate(api, config, order);
    } catch {
      return { status: 503, body: { error: 'the payments API could not be read: deliver it again' } };
    }
  }
  seen.add(event.id);
  return { status: 200, body: { received: event.id } };
}
