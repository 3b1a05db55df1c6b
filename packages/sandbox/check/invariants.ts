// The invariants a checkout must hold, judged on what one scenario left (record.ts): at most one
// payment per order, every webhook acknowledged, no status left unhandled. Each finding says
// what went wrong and how to fix it, in the merchant's terms. Pure: no browser, no network.
import type { PageAnswer, Payment, ScenarioRecord, StepRecord } from './record.js';

export interface Finding { problem: string; fix: string }

/** Held for the fraud review: approved or denied later, then told by webhook. */
export const IN_REVIEW = new Set(['IN_ANALYSIS', 'PENDING_REVIEW']);
/** Statuses that are no outcome yet: the page shows "waiting" and the webhook tells the end. */
const WAITING = new Set([...IN_REVIEW, 'PROCESSING']);

/** A payment that took the shopper's money (AUTHORIZED: held, to be captured). */
export const TOOK_MONEY = new Set(['PAID', 'AUTHORIZED']);

const KEY_FIX = 'make one charge per order on your server (POST /v1/charge, its _id kept on the order) and pay it with POST /v1/charge/pay under an Idempotency-Key derived from the order and the attempt (`${orderId}:pay:${attempt}`)';

/** The order was paid more than once. */
function paidOnce(record: ScenarioRecord): Finding[] {
  const paid = record.payments.filter((p) => TOOK_MONEY.has(p.status));
  const settledTwice = record.settles.some((s) => s.status < 300) && paid.length > 1;
  if (paid.length <= 1) return [];
  const ids = paid.map((p) => p.id).join(', ');
  if (settledTwice) return [{ problem: `paid ${paid.length} times for one order (${ids}): the PIX or boleto issued first stayed payable, and the bank's settle paid it too`, fix: `pay every method of the order, card, PIX or boleto, through POST /v1/charge/pay on the order's one charge: the sandbox then refuses the second payment; ${KEY_FIX}` }];
  const loose = paid.some((p) => !p.chargeId);
  return [{ problem: `paid ${paid.length} times for one order (${ids})${loose ? ', each a POST /v1/transaction of its own' : ''}`, fix: `${KEY_FIX}; disable Pay while a payment is under way` }];
}

/** The order should end paid (once) but nothing took the money. */
function paidAtAll(record: ScenarioRecord): Finding[] {
  if (record.scenario.paid === 0 || record.payments.some((p) => TOOK_MONEY.has(p.status))) return [];
  const stuck = record.steps.flatMap((s) => s.answers).find((a): a is Extract<PageAnswer, { kind: 'stuck' }> => a.kind === 'stuck');
  if (stuck) return [{ problem: `the order could not be paid: ${stuck.why}`, fix: 'let the shopper pay again after a decline, a failed or abandoned 3-D Secure, or another method: keep <svc-payment-methods>, <svc-card-form> and its form\'s submit button usable' }];
  return [{ problem: 'the order was never paid', fix: 'the approved test card 4111 1111 1111 1111 should end PAID: send the token to POST /v1/charge/pay and show the outcome' }];
}

const made = (record: ScenarioRecord, step: number): Payment[] => record.payments.filter((p) => p.step === step);
const quote = (answer: PageAnswer) => ('text' in answer && answer.text ? ` ("${answer.text.slice(0, 60)}")` : '');

/** Each step's statuses against what the page showed. */
function handled(record: ScenarioRecord): Finding[] {
  const findings: Finding[] = [];
  record.steps.forEach((step: StepRecord, index) => {
    const payments = made(record, index);
    const first = step.answers[0];
    if (payments.some((p) => p.status === 'PENDING_3DS') && !step.challengeOpened) {
      findings.push({ problem: `a PENDING_3DS payment was never opened: the page showed ${first ? `${first.kind}${quote(first)}` : 'nothing'}`, fix: 'PENDING_3DS is not an error: send the answer (with its nextAction) back to the page and call handleNextAction from svc-card/next-action; the webhook tells the final status' });
    }
    if (step.step.do === 'pay-slip' && first?.kind !== 'next-action' && record.charges.some((c) => c.slipMethod === (step.step as { method: string }).method.toUpperCase())) {
      findings.push({ problem: `the ${(step.step as { method: string }).method === 'pix' ? 'PIX' : 'boleto'} was issued but the page showed ${first ? `${first.kind}${quote(first)}` : 'nothing'}`, fix: 'PENDING_PAYMENT comes with the code to pay: pass the answer of POST /v1/charge/pay to handleNextAction' });
    }
    for (const answer of step.answers) {
      if (answer.kind !== 'nothing') continue;
      const statuses = [...new Set(payments.map((p) => p.status))].join(', ') || 'no payment';
      findings.push({ problem: `after the shopper acted the page showed nothing (${statuses}): neither an outcome, nor an error, nor a next action`, fix: 'answer every status: PAID a receipt; DECLINED and the like a message (the card form\'s showError); PENDING_3DS, PIX and boleto handleNextAction; PROCESSING and IN_ANALYSIS "waiting", finished from the webhook' });
    }
    const waited = payments.map((p) => (p.statuses ?? [p.status])[0]!).find((s) => WAITING.has(s));
    if (waited && first?.kind === 'error') {
      findings.push({ problem: `the payment was ${waited} (${waited === 'PROCESSING' ? 'the provider has not answered yet' : 'held for fraud review'}: it may still be paid) but the page showed an error${quote(first)}`, fix: `${waited} is not a decline: show "waiting" (we will confirm by email, or this page updates), never ask for another payment meanwhile, and finish the order from the verified webhook (charge.paid, or transaction.updated with the final status)` });
    }
    const paid = payments.some((p) => TOOK_MONEY.has(p.status));
    const last = step.answers.at(-1);
    // (A held payment shown as an error is told above: its fix is not the network's.)
    if (paid && !waited && last?.kind === 'error') {
      findings.push({ problem: `the order was paid but the page showed an error${quote(last)}`, fix: 'a network error is not a decline: retry the call with the same Idempotency-Key (the client does) and show what the API answered' });
    }
  });
  return findings;
}

/** Fulfilment comes from webhooks: one registered, each delivery answered 2xx. */
function acknowledged(record: ScenarioRecord): Finding[] {
  if (record.webhooks === 0) return [{ problem: 'no webhook is registered for the company, so nothing tells the shop what was paid', fix: 'register an endpoint (POST /sandbox/v1/webhooks), verify each call with verifyWebhook of @svc-card/client and fulfil from it' }];
  const missed = record.deliveries.filter((d) => d.status !== 'succeeded');
  if (missed.length === 0) return [];
  const types = [...new Set(missed.map((d) => d.eventType))].join(', ');
  const answers = [...new Set(missed.map((d) => d.lastAnswer ?? 'no answer yet'))].join(', ');
  const duplicate = record.scenario.steps.some((s) => s.do === 'redeliver-twice-reversed');
  return [{ problem: `${missed.length} webhook deliver${missed.length === 1 ? 'y' : 'ies'} not acknowledged (${types}; answered ${answers})`, fix: duplicate
    ? 'answer 2xx to an event already seen (idempotent on the event id) and to events out of order: read the charge\'s current state rather than trusting the order'
    : 'answer 2xx once the verified event is stored; do the slow work after answering' }];
}

/** A dropped answer must be retried with its key. */
function retried(record: ScenarioRecord): Finding[] {
  return record.drops.flatMap((drop): Finding[] => {
    if (drop.idempotencyKey === null) return [{ problem: `${drop.path} carried no Idempotency-Key: when its answer was lost the call could not be retried safely`, fix: 'send an Idempotency-Key derived from the order and the attempt on every POST, and retry a network error with the same key (@svc-card/client does both)' }];
    if (!drop.retried) return [{ problem: `${drop.path}'s answer was lost and never asked for again with its key ${drop.idempotencyKey}`, fix: 'retry a network error with the same Idempotency-Key: the sandbox answers the first answer again, not a second payment' }];
    return [];
  });
}

/** Every finding of a scenario, the most telling first. */
export function judge(record: ScenarioRecord): Finding[] {
  const explained = [...paidOnce(record), ...retried(record), ...handled(record)];
  // "Never paid" only when nothing above says why.
  return [...explained, ...(explained.length ? [] : paidAtAll(record)), ...acknowledged(record)];
}
