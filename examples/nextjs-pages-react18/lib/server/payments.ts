// Paying an order (the same file in each example shop): one charge per order (POST /v1/charge),
// every attempt paid on it (POST /v1/charge/pay), so the service itself refuses a second payment
// of the order. Each call carries an Idempotency-Key named after the order and the attempt: the
// client resends a call that got no answer with the same key, and the service answers the first
// result again instead of paying again.
import { ApiError, createClient, NetworkError, type paths, type SvcClient } from '@svc-card/client';
import { catalogue } from './catalogue';
import { findOrder, linkCharge, type Order } from './orders';
import { answerFor, paidAnswer, type PageAnswer } from './outcomes';
import { settings } from './shop';

type PayBody = NonNullable<paths['/v1/charge/pay']['post']['requestBody']>['content']['application/json'];

/** A token lives 10 minutes and is used once: the shopper submits again, which makes a fresh one. */
const RESUBMIT = new Set(['TOKEN_EXPIRED', 'TOKEN_REUSED', 'TOKEN_NOT_YET_VALID']);

let client: { api: SvcClient; apiUrl: string; apiKey: string } | undefined;
/** The service's client and settings (the client is made again if the settings change). */
export function service() {
  const config = settings();
  if (client?.apiUrl !== config.apiUrl || client.apiKey !== config.apiKey) {
    client = { api: createClient({ baseUrl: config.apiUrl, apiKey: config.apiKey }), apiUrl: config.apiUrl, apiKey: config.apiKey };
  }
  return { ...config, api: client.api };
}

const answer = (outcome: PageAnswer['outcome'], message: string): PageAnswer => ({ outcome, message });

/** The order's one charge: made at its first payment, under a key of the order (a retry makes no second). */
function chargeOf(order: Order): Promise<string> {
  order.charge ??= (async () => {
    const { api, companyId } = service();
    const { productId, clientId } = await catalogue(api, companyId);
    const charge = await api.POST('/v1/charge', {
      body: {
        companyId, productId, clientId, description: `${order.description} (order ${order.id})`, paymentMethods: ['CREDIT_CARD'],
        // BRL as a decimal (reference 4.4): cents / 100, which the service rounds back to the same cents.
        amount: order.cents / 100, dueDate: new Date().toISOString().slice(0, 10),
      },
      headers: { 'Idempotency-Key': `${order.id}:charge` },
    });
    linkCharge(order, charge._id);
    return charge._id;
  })().catch((error: unknown) => {
    order.charge = undefined;
    throw error;
  });
  return order.charge;
}

/** The attempt a token is: the same token sent again (the page retrying) is the same attempt, so the same key. */
function attemptOf(order: Order, token: object): number {
  const seen = JSON.stringify(token);
  let attempt = order.attempts.get(seen);
  if (attempt === undefined) order.attempts.set(seen, (attempt = order.attempts.size + 1));
  return attempt;
}

/** The charge's PAID transaction, if any (at most one: the service pays a charge once). */
export async function paidTransaction(chargeId: string) {
  const { api, companyId } = service();
  const page = await api.GET('/v1/transaction', { params: { query: { companyId, chargeId, status: 'PAID', limit: 1 } } });
  return page.items[0];
}

/** Pays `orderId` with the card token the page sent; what the page should show. */
export async function payOrder(orderId: unknown, token: unknown): Promise<PageAnswer> {
  const order = findOrder(orderId);
  if (!order) return answer('invalid', 'This order is not known here: reload the page.');
  // Any body: only an object token goes on (a token is never logged).
  if (typeof token !== 'object' || token === null) return answer('invalid', 'No card token was sent.');
  if (order.paid) return paidAnswer(order.paid.last4);
  const attempt = attemptOf(order, token);
  let chargeId: string | undefined;
  try {
    chargeId = await chargeOf(order);
    const { api, companyId, captchaToken } = service();
    const paid = await api.POST('/v1/charge/pay', {
      body: { _id: chargeId, companyId, referenceId: order.id, paymentMethod: 'CREDIT_CARD', installments: 1, captchaToken, token: token as PayBody['token'] },
      headers: { 'Idempotency-Key': `${order.id}:pay:${attempt}` },
    });
    if (!paid.transaction) return answer('error', 'The payment service gave no result: press Pay again.');
    order.lastTransactionId = paid.transaction._id;
    return answerFor(paid.transaction);
  } catch (error) {
    return failed(error, chargeId);
  }
}

async function failed(error: unknown, chargeId: string | undefined): Promise<PageAnswer> {
  // No answer even after the client's retries (same key): the payment may or may not have been
  // made. Pressing Pay again is safe: it pays the same charge, which the service pays only once.
  if (error instanceof NetworkError || (error instanceof ApiError && error.status >= 500)) {
    return answer('error', 'The payment service did not answer: press Pay again (you will not be charged twice).');
  }
  // Anything else before the charge existed is the shop's own fault (settings, catalogue): a 500.
  if (!(error instanceof ApiError) || !chargeId) throw error;
  if (RESUBMIT.has(error.code)) return answer('resubmit', 'Please press Pay again.');
  // The same attempt still running (a page that sent it twice): its answer will come.
  if (error.code === 'idempotency_key_in_use') return answer('waiting', 'Your payment is under way.');
  // The charge refused to be paid: most often it is paid already (Pay pressed again). Its state says.
  if (error.fieldErrors.some((field) => field.path === '_id')) {
    const paid = await paidTransaction(chargeId).catch(() => undefined);
    if (paid) return paidAnswer(paid.card?.last4);
  }
  return answer('invalid', 'The card could not be charged: check its details and press Pay again.');
}
