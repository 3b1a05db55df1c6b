// Paying the order's charge (POST /v1/charge/pay, reference 4.4): by card with the page's encrypted
// card as `token` and the installments chosen, or by PIX or boleto. Every request carries the
// Idempotency-Key `<order>:pay:<attempt>`: the client sends it again unchanged on its own retries
// (a network error, 408, 429, 503), and a request that got no answer at all is kept and sent again,
// the same key and body, before anything else is asked for the order: the API then answers what it
// did the first time, never a second payment. An answer spends the key: the next request is a new attempt.
import { ApiError, NetworkError } from '@svc-card/client';
import { orderCharge } from './order-charge.mjs';

/** The sandbox's captcha stub accepts this token on POST /v1/charge/pay (the API's captcha rule, reference part 5). */
const SANDBOX_CAPTCHA_TOKEN = 'sandbox-captcha-ok';
export const API_METHOD = { card: 'CREDIT_CARD', pix: 'PIX', boleto: 'BOLETO' };

/** An error after which the request may have run: sent again with its key (a 5xx, or the same key still running). */
const unanswered = (error) => error instanceof NetworkError || (error instanceof ApiError && (error.status >= 500 || error.code === 'idempotency_key_in_use'));

/** Sends one charge/pay request; resolves the API's answer or rejects with the client's error. */
async function send(api, order, request) {
  try {
    const answer = await api.POST('/v1/charge/pay', { body: request.body, headers: { 'Idempotency-Key': request.key } });
    order.unanswered = undefined;
    order.attempt += 1;
    return answer;
  } catch (error) {
    if (unanswered(error)) {
      order.unanswered = request;
    } else {
      order.unanswered = undefined;
      order.attempt += 1;
    }
    throw error;
  }
}

/**
 * Pays the order's charge with `payment` ({method: card|pix|boleto, token?, installments?}); resolves
 * POST /v1/charge/pay's answer, or rejects with ApiError / NetworkError. A request left unanswered
 * earlier goes first: when its answer paid the charge, that is the answer (nothing else is sent).
 */
export async function payOrder(api, config, orders, order, payment) {
  if (order.unanswered) {
    const earlier = await send(api, order, order.unanswered).catch((error) => {
      if (unanswered(error)) throw error;
      return undefined; // refused (a decline is an answer too): the charge is still to pay, by this request
    });
    if (earlier?.charge.status === 'PAID' || earlier?.transaction?.status === 'PAID') return earlier;
  }
  const chargeId = await orderCharge(api, config, orders, order);
  const paymentMethod = API_METHOD[payment.method];
  const card = payment.method === 'card' ? { token: payment.token, installments: payment.installments } : {};
  const body = { _id: chargeId, companyId: config.companyId, paymentMethod, captchaToken: SANDBOX_CAPTCHA_TOKEN, ...card };
  return send(api, order, { key: `${order.id}:pay:${order.attempt}`, body });
}
