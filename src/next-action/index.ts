// svc-card/next-action: what comes after the merchant's server called the API
// (issues 23 and 27), in one call for the three cases, as Stripe's
// handleNextAction: a PENDING_3DS transaction's challenge (in a modal frame of
// the service's origin), a PIX (copy first, amount and payee, steps, the QR,
// time left, waiting) or a boleto (amount, beneficiary, payer, due date, line,
// its barcode when svc-boleto-barcode.js is loaded, a print view). A separate entry: the card form
// does not carry it (svc-card-form.js keeps its size).
import { el, modal, shadowHost } from './dom.js';
import { challenge, type ThreeDSStatus } from './three-ds.js';
import { showSlip, type Boleto, type Pix, type SlipStatus, type Waiting } from './slips.js';
import { langOf, TEXTS } from './texts.js';
import type { MandateAnswer, MandateStatus, MandateWaiting, showMandate } from './mandate.js';

export type { Boleto, Pix } from './slips.js';
export type { MandateAnswer, MandateStatus } from './mandate.js';

/** How the next action ended: the event's detail and the promise's value. `none`: the answer asked for nothing. */
export type NextActionOutcome =
  | { type: 'three_ds'; status: ThreeDSStatus; transactionId?: string }
  | { type: 'pix' | 'boleto'; status: SlipStatus; chargeId?: string }
  | { type: 'mandate'; status: MandateStatus; mandateId: string }
  | { type: 'none'; status?: string };

export interface NextActionOptions extends Omit<Waiting, 'check'> {
  /**
   * Asks the page's server how it stands, every `interval` ms (default 3000). A PIX or boleto: `true` or 'PAID'
   * paid, 'EXPIRED' or 'CANCELED' ended by the bank, `false` or 'PENDING_PAYMENT' still waiting. A PIX Automático
   * mandate: its status ('ACTIVE', 'REJECTED', 'EXPIRED', ...; 'PENDING' still waiting).
   */
  check?: () => Promise<boolean | SlipStatus | MandateStatus>;
  /** pt-BR or en; default: the page's <html lang> (en when it starts with en), else pt-BR. */
  lang?: string;
  /** PIX and boleto are shown in it (default: a modal dialog), and take the focus. The 3-D Secure challenge is always modal. */
  container?: Element;
  /** Where `svc-next-action` is dispatched (default: document). */
  target?: EventTarget;
  /**
   * Shows a PIX Automático mandate (svc-card/mandate's showMandate); default: the global
   * svc.mandateView of dist/svc-mandate.js, else (the npm entry) svc-card/mandate, loaded when needed.
   */
  mandateView?: typeof showMandate;
}

interface Answer {
  _id?: string; status?: string; nextAction?: { type?: string; url?: string };
  transaction?: Answer; charge?: { _id?: string; slip?: { expiresOn?: string } }; pix?: Pix; boleto?: Boleto;
  mandate?: MandateAnswer['mandate'];
}

const httpUrl = (text: unknown): URL | undefined => {
  try {
    const url = new URL(String(text));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Shows what the API's answer asks of the shopper and resolves how it ended; the same outcome
 * is dispatched as `svc-next-action` (bubbles) on `options.target`. Give it the body your server
 * got from POST /v1/transaction or POST /v1/charge/pay (or the part of it your server passes on).
 * Card data never goes through it. Confirm the final status on your server before shipping.
 *
 * @example
 * const answer = await (await fetch('/api/pay', { method: 'POST', body })).json();
 * const outcome = await handleNextAction(answer.sandbox, { lang: 'pt-BR' });
 * if (outcome.status === 'PAID') showReceipt();
 */
export async function handleNextAction(answer: unknown, options: NextActionOptions = {}): Promise<NextActionOutcome> {
  const body = (answer && typeof answer === 'object' ? answer : {}) as Answer;
  const transaction = body.transaction ?? body;
  const lang = langOf(options.lang);
  const say = TEXTS[lang];
  let outcome: NextActionOutcome;
  const url = transaction.status === 'PENDING_3DS' && transaction.nextAction?.type === 'THREE_DS_CHALLENGE' ? httpUrl(transaction.nextAction.url) : undefined;
  if (url) {
    outcome = { type: 'three_ds', status: await challenge(url, lang, say), ...(transaction._id ? { transactionId: transaction._id } : {}) };
  } else if (body.pix?.brCode || body.boleto?.digitableLine || body.mandate?._id) {
    const expiresOn = body.charge?.slip?.expiresOn;
    const mandateId = body.mandate?._id;
    // A boleto may carry a PIX (bolepix): it is the boleto's panel, the PIX in it. A mandate's code may pay a first charge (journeys 3, 4): it is the mandate's.
    const type = mandateId ? 'mandate' : body.boleto?.digitableLine ? 'boleto' : 'pix';
    // The mandate's view: the page's script (svc-mandate.js), else the npm entry's own module, loaded now (the IIFE build has no chunks: svc-mandate.js is its way).
    const view = mandateId && (options.mandateView ?? (globalThis as { svc?: { mandateView?: typeof showMandate } }).svc?.mandateView ?? ((import.meta as ImportMeta & { env: { MODE: string } }).env.MODE === 'svc-next-action' ? undefined : (await import('./mandate.js')).showMandate));
    // Without it a mandate answer is a page's mistake, said by name (a TypeError, not a blank panel).
    if (mandateId && !view) throw TypeError('load svc-mandate.js');
    const slip = { pix: body.pix, ...(type === 'boleto' ? { boleto: body.boleto } : {}), ...(expiresOn ? { expiresAt: Date.parse(`${expiresOn}T23:59:59.999Z`) } : {}) };
    const shown = options.container ? undefined : modal(say[mandateId ? 'pix' : (type as 'pix')]);
    const parent = options.container ? shadowHost(options.container).root : shown!.dialog;
    if (shown) {
      const close = el('button', { type: 'button', class: 'end' }, say.close);
      close.addEventListener('click', shown.close);
      shown.dialog.addEventListener('close', shown.close);
      queueMicrotask(() => shown.dialog.append(close));
    }
    const waited = view ? view(parent, body as MandateAnswer, options as MandateWaiting, lang, say) : showSlip(parent, slip, options as Waiting, lang, say);
    // In the page's container the panel takes the focus, as the dialog does: what had it (the
    // page's Pay, often hidden once the answer comes) must not leave it on <body>.
    if (!shown) (parent.lastChild as HTMLElement).focus();
    const status = await waited;
    outcome = { type, status, ...(mandateId ? { mandateId } : body.charge?._id ? { chargeId: body.charge._id } : {}) } as NextActionOutcome;
  } else {
    outcome = { type: 'none', ...(transaction.status ? { status: transaction.status } : {}) };
  }
  (options.target ?? document).dispatchEvent(new CustomEvent('svc-next-action', { detail: outcome, bubbles: true, composed: true }));
  return outcome;
}
