// What the shopper reads, from what the payments API answered (never from what the page said).
// Every transaction status has its place (BRIEF: issue 41): PAID is paid; PENDING_3DS, or any
// answer with nextAction, goes back to the page with it; a PIX or boleto (PENDING_PAYMENT) is shown;
// PROCESSING, IN_ANALYSIS, AUTHORIZED, STANDBY, PENDING_REVIEW wait, and the webhook finishes them;
// a failed payment is a message at the field it concerns; anything else an error.
import { declinedField, OUTCOME_TEXTS } from './messages.mjs';
import { BRANDS, formatBrl } from './project-rules.mjs';

export const WAITING = new Set(['PROCESSING', 'IN_ANALYSIS', 'AUTHORIZED', 'STANDBY', 'PENDING_REVIEW']);
export const FAILED = new Set(['DECLINED', 'NO_PAYMENT_ROUTE', 'ERROR_PAYMENT', 'INVALID_PAYMENT', 'BLOCKED', 'CANCELED', 'DISCARDED']);
/** Codes after which the shopper only has to submit the form again (a fresh token). */
const RESUBMIT = new Set(['TOKEN_EXPIRED', 'TOKEN_REUSED', 'TOKEN_NOT_YET_VALID']);

const textsOf = (lang) => OUTCOME_TEXTS[lang] ?? OUTCOME_TEXTS['pt-BR'];
const brandName = (id) => BRANDS.find((brand) => brand.id === id)?.name ?? id;

/**
 * The paid order as the shopper reads it, from the charge's PAID transaction. By card, the amount is
 * what the shopper pays: the plan's total (`option`, the plan chosen, interest included: the card's
 * financing) when the transaction is in that plan's count, else the transaction's amount.
 */
export function paidOutcome(transaction, lang, option) {
  const say = textsOf(lang);
  const { receipt } = say;
  if (transaction.paymentMethod === 'PIX' || transaction.paymentMethod === 'BOLETO') {
    const amount = formatBrl(transaction.amount.value, lang);
    const method = transaction.paymentMethod === 'PIX' ? receipt.pix : receipt.boleto;
    return { http: 200, outcome: 'paid', message: say.slipPaid(amount, method), transactionId: transaction._id, amount: transaction.amount.value, receipt: [[receipt.amount, amount], [receipt.method, method]] };
  }
  const count = transaction.installments ?? 1;
  const chosen = option?.installments === count ? option : undefined;
  const charged = formatBrl(chosen?.totalCents ?? transaction.amount.value, lang);
  const plan = chosen && { count, each: formatBrl(chosen.installmentCents, lang), interestFree: chosen.interestFree };
  const last4 = transaction.card?.last4;
  const message = count > 1 && plan ? say.paidIn(charged, plan, last4) : say.paid(charged, last4);
  const rows = [
    [receipt.amount, charged],
    [receipt.method, transaction.card ? receipt.card(brandName(transaction.card.brand), last4) : transaction.paymentMethod],
    [receipt.plan, count === 1 ? receipt.plan1 : plan ? receipt.planN(plan) : `${count}x`],
  ];
  return { http: 200, outcome: 'paid', message, transactionId: transaction._id, installments: count, amount: transaction.amount.value, receipt: rows };
}

/** A card payment that failed (now, or after its challenge): the message at the field it concerns. */
export const failedOutcome = (transaction, lang) =>
  ({ http: 402, outcome: 'declined', field: declinedField(transaction.message), message: textsOf(lang).declined(transaction.message) });

/** POST /v1/charge/pay's answer to a card: `option` is the plan chosen. */
export function cardOutcome({ transaction }, lang, option) {
  const say = textsOf(lang);
  if (transaction?.status === 'PAID') return paidOutcome(transaction, lang, option);
  // 3-D Secure (issue 23): the page shows the challenge with what the API answered, then waits for the order.
  if (transaction?.nextAction) return { http: 200, outcome: 'authenticate', message: say.authenticate, next: { _id: transaction._id, status: transaction.status, nextAction: transaction.nextAction } };
  if (WAITING.has(transaction?.status)) return { http: 202, outcome: 'waiting', message: say.waiting };
  if (FAILED.has(transaction?.status)) return failedOutcome(transaction, lang);
  return { http: 502, outcome: 'error', message: say.unavailable };
}

/** POST /v1/charge/pay's answer to a PIX or boleto (`method`): what the page's handleNextAction shows. */
export function slipOutcome(answer, lang, method) {
  const say = textsOf(lang);
  if (answer.status !== 'PENDING_PAYMENT' || !(answer.pix || answer.boleto)) return { http: 502, outcome: 'error', message: say.unavailable };
  const { _id, slip } = answer.charge;
  // A boleto carries its PIX (bolepix): both are shown, in the boleto's panel.
  const shown = answer.boleto ? { boleto: answer.boleto, ...(answer.pix ? { pix: answer.pix } : {}) } : { pix: answer.pix };
  return { http: 200, outcome: 'pending', message: say.slipIssued[method], next: { charge: { _id, slip }, paymentMethod: answer.paymentMethod, status: answer.status, ...shown } };
}

/** A refusal of the API (ApiError) as the shopper reads it. */
export function refusedOutcome(error, lang) {
  const say = textsOf(lang);
  if (error.status === 400 && RESUBMIT.has(error.code)) return { http: 409, outcome: 'resubmit', code: error.code, message: say.resubmit };
  if (error.status === 400 && error.code.startsWith('TOKEN_')) return { http: 422, outcome: 'invalid', code: error.code, message: say.unreadable };
  if (error.status === 400) return { http: 422, outcome: 'invalid', message: say.schema, fields: error.fieldErrors.map((item) => item.path) };
  return { http: 502, outcome: 'error', message: say.unavailable };
}

/** GET /api/order: the order as it stands (the webhook finishes what waits). */
export function orderOutcome(order, lang) {
  const say = textsOf(lang);
  if (order.payment) return paidOutcome(order.payment, lang, order.card?.option);
  if (order.failure) return failedOutcome(order.failure, lang);
  if (order.card) return { http: 200, outcome: 'waiting', message: say.waiting };
  // Ended by the bank unpaid (issue 39): the page stops waiting and says what to do next.
  if (order.slip?.ended) return { http: 200, outcome: order.slip.ended, message: say.slipEnded[order.slip.ended] };
  if (order.slip) return { http: 200, outcome: 'pending', message: say.slipWaiting };
  return { http: 200, outcome: 'open', message: '' };
}
