// The merchant's server-to-server call (API reference 4.3 and 4.9): the page's
// encrypted card goes unchanged as `token`, with the merchant's apiKey header.
// The amount comes from the catalogue (the sandbox product), never from the browser: the chosen
// plan's total (the price plus the plan's interest, as the page's Pay button and total said; the
// API's `amount` is what is charged, whatever the count); the checked installment count goes as
// `installments`, the holder's document as `client.doc`.
import { declinedField, OUTCOME_TEXTS } from './messages.mjs';
import { BRANDS, formatBrl } from './project-rules.mjs';

/** Codes after which the customer only has to submit the form again (a fresh token). */
const RESUBMIT = new Set(['TOKEN_EXPIRED', 'TOKEN_REUSED', 'TOKEN_NOT_YET_VALID']);

/**
 * Calls POST /v1/transaction for `cents` in `installments` (checked by choice.mjs), with the
 * inline client `{name: customerName, doc}` when the holder's document was given; resolves
 * the sandbox's status and JSON body.
 */
export async function createTransaction({ sandboxUrl, apiKey, companyId, customerName }, encryptedCard, { cents, installments = 1, doc }) {
  const client = doc ? { client: { name: customerName, doc } } : {};
  const response = await fetch(`${sandboxUrl}/v1/transaction`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apiKey },
    body: JSON.stringify({ companyId, amount: cents, installments, capture: true, token: encryptedCard, ...client }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/**
 * What the customer sees for an API answer, in `lang`: `{http, outcome, message, ...}`. A paid
 * answer says the amount the API charged, and in more than one installment names the plan
 * (`option`, the chosen one) as the page showed it.
 */
export function customerOutcome({ status, body }, lang = 'pt-BR', option) {
  const say = OUTCOME_TEXTS[lang] ?? OUTCOME_TEXTS['pt-BR'];
  if (status === 200 && body?.status === 'PAID') {
    // The amount is the API's answer (what was charged), not the page's or the plan's.
    const charged = formatBrl(body.amount.value, lang);
    const plan = option && { count: option.installments, each: formatBrl(option.installmentCents, lang), interestFree: option.interestFree };
    const message = body.installments > 1 && plan ? say.paidIn(charged, plan, body.card?.last4) : say.paid(charged, body.card?.last4);
    return { http: 200, outcome: 'paid', message, transactionId: body._id, installments: body.installments, amount: body.amount.value, receipt: cardReceipt(body, charged, plan, say) };
  }
  // 3-D Secure (issue 23): the page shows the challenge (svc.handleNextAction) with what the API
  // answered, then asks this server for the outcome (GET /api/transaction): the status is the API's.
  if (status === 200 && body?.status === 'PENDING_3DS' && body.nextAction)
    return { http: 200, outcome: 'authenticate', message: say.authenticate, transactionId: body._id, next: { _id: body._id, status: body.status, nextAction: body.nextAction } };
  if (status === 200 && body?.status === 'AUTHORIZED')
    return { http: 200, outcome: 'authorized', message: say.authorized, transactionId: body._id };
  if (status === 200 && body?.status === 'DECLINED')
    return { http: 402, outcome: 'declined', field: declinedField(body.message), message: say.declined(body.message) };
  if (status === 400 && RESUBMIT.has(body?.code))
    return { http: 409, outcome: 'resubmit', code: body.code, message: say.resubmit };
  if (status === 400 && body?.code === 'SchemaValidationException')
    return { http: 422, outcome: 'invalid', message: say.schema, fields: body.error_messages.map((m) => m.path).filter(Boolean) };
  if (status === 400 && typeof body?.code === 'string' && body.code.startsWith('TOKEN_'))
    return { http: 422, outcome: 'invalid', code: body.code, message: say.unreadable };
  return { http: 502, outcome: 'error', message: say.unavailable };
}

const brandName = (id) => BRANDS.find((brand) => brand.id === id)?.name ?? id;

/**
 * The receipt's rows ([label, value]) of a paid card transaction, all from the API's answer: the
 * amount charged, the brand and last four it saved, the installments (named as the page offered
 * the plan when this store knows it). The page adds the reference (the transaction id). Never from the card data on the page.
 */
function cardReceipt(body, charged, plan, say) {
  const { receipt } = say;
  const count = body.installments ?? 1;
  const installments = count === 1 ? receipt.plan1 : plan ? receipt.planN(plan) : `${count}x`;
  return [
    [receipt.amount, charged],
    [receipt.method, body.card ? receipt.card(brandName(body.card.brand), body.card.last4) : body.paymentMethod],
    [receipt.plan, installments],
  ];
}

/**
 * What the customer sees once POST /v1/charge/pay answered for a PIX or boleto (`method`): the
 * part of the API's answer the page's handleNextAction shows (`next`: the charge's id and slip, the
 * PIX or boleto), or an error.
 */
export function slipOutcome({ status, body }, lang, method) {
  const say = OUTCOME_TEXTS[lang] ?? OUTCOME_TEXTS['pt-BR'];
  if (status === 200 && body?.status === 'PENDING_PAYMENT' && (body.pix || body.boleto)) {
    const { _id, slip } = body.charge;
    const shown = body.pix ? { pix: body.pix } : { boleto: body.boleto };
    return { http: 200, outcome: 'pending', message: say.slipIssued[method], chargeId: _id, next: { charge: { _id, slip }, paymentMethod: body.paymentMethod, status: body.status, ...shown } };
  }
  return { http: 502, outcome: 'error', message: say.unavailable };
}

/** The charge's state as the customer reads it: `pending` while no PAID transaction, else paid with the receipt of what the API says was paid. */
export function slipPaidOutcome(transaction, lang) {
  const say = OUTCOME_TEXTS[lang] ?? OUTCOME_TEXTS['pt-BR'];
  if (!transaction) return { http: 200, outcome: 'pending', message: say.slipWaiting };
  const amount = formatBrl(transaction.amount.value, lang);
  const method = transaction.paymentMethod === 'PIX' ? say.receipt.pix : say.receipt.boleto;
  const receipt = [[say.receipt.amount, amount], [say.receipt.method, method]];
  return { http: 200, outcome: 'paid', message: say.slipPaid(amount, method), transactionId: transaction._id, amount: transaction.amount.value, receipt };
}

/** GET /v1/transaction/full for a transaction this store made: the sandbox's status and JSON body. */
export async function readTransaction({ sandboxUrl, apiKey, companyId }, transactionId) {
  const query = new URLSearchParams({ transactionId, companyId });
  const response = await fetch(`${sandboxUrl}/v1/transaction/full?${query}`, { headers: { apiKey }, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: await response.json().catch(() => null) };
}
