// The PIX Automático authorisation (issue 40 item 3): what POST /sandbox/v1/mandates answered
// ({mandate, code?}), shown as the PIX panel shows a PIX: copy first on a phone (the payer
// authorises in the same phone's bank app), the QR folded under it; first and open on a wide
// screen. Journey 1 has no code: the request waits in the payer's bank app. Then the waiting, and
// the outcome with its next step: ACTIVE (authorised), REJECTED, EXPIRED (REVOKED, CANCELED: ended).
// A module of its own (svc-card/mandate, dist/svc-mandate.js): svc-next-action.js stays small.
import { el } from './dom.js';
import { timeLeft } from './countdown.js';
import { copyButton, emv } from './slips.js';
import { MANDATE_TEXTS } from './mandate-texts.js';
import type { Texts } from './texts.js';

export type MandateStatus = 'PENDING' | 'ACTIVE' | 'REJECTED' | 'EXPIRED' | 'REVOKED' | 'CANCELED';

/** The sandbox's mandate answer (POST /sandbox/v1/mandates), as the merchant's server passes it on. */
export interface MandateAnswer {
  mandate: {
    _id: string; status: MandateStatus; journey: number;
    /** Cents: each debit. */
    amount: number; periodicity: keyof (typeof MANDATE_TEXTS)['en']['periods']; startDate?: string; expiresOn?: string;
  };
  /** Journeys 2-4: the BR Code to authorise (3 and 4 also pay the first charge: its PIX in `pix`). */
  code?: { brCode: string; qrCodeImage: string; pix?: { amount?: number } };
}

export interface MandateWaiting {
  /** Asks the page's server how the mandate stands (its webhooks' mandate.updated), every `interval` ms (default 3000). */
  check?: () => Promise<MandateStatus | string>; interval?: number;
  /** Aborted: the wait ends (PENDING), e.g. the shopper chose another way to pay. */
  signal?: AbortSignal;
}

/** Shows the authorisation in `parent` and waits as asked; answers the mandate's status when it leaves PENDING (PENDING: nothing to wait on, or aborted). */
export function showMandate(parent: Element | ShadowRoot, answer: MandateAnswer, waiting: MandateWaiting, lang: string, say: Texts): Promise<MandateStatus> {
  const words = MANDATE_TEXTS[lang === 'en' ? 'en' : 'pt-BR'];
  const { mandate, code } = answer;
  const money = (cents?: number) => (cents === undefined ? undefined : new Intl.NumberFormat(lang, { style: 'currency', currency: 'BRL' }).format(cents / 100));
  const date = (day?: string) => day && el('time', { datetime: day }, day.split('-').reverse().join('/'));
  const state = el('p', { role: 'status' });
  const section = el('section', { 'aria-labelledby': 'slip-title', tabindex: '-1' }, el('h2', { id: 'slip-title' }, words.title));
  const facts = el('dl', {}, ...([[words.now, money(code?.pix?.amount)], [words.each, money(mandate.amount)], [words.every, words.periods[mandate.periodicity]],
    [words.first, date(mandate.startDate)], [say.payee, code && emv(code.brCode, '59')]] as const).flatMap(([name, value]) => (value ? [el('dt', {}, name), el('dd', {}, value)] : [])));
  if (code?.brCode) {
    const input = el('input', { id: 'pix-code', readonly: '', value: code.brCode, autocomplete: 'off', spellcheck: 'false' });
    // As the PIX panel: folded on a phone (the same phone cannot scan it), first and open on a wide screen.
    const qr = el('details', {}, el('summary', {}, say.showQr), el('img', { src: code.qrCodeImage, alt: say.qr, width: '200', height: '200' }));
    qr.open = matchMedia('(min-width: 40em)').matches;
    section.append(...(qr.open ? [qr] : []), facts, ...copyButton(words.copy, code.brCode, input, say),
      el('ol', {}, ...words.steps.map((step) => el('li', {}, step))), el('label', { for: 'pix-code' }, say.pixCode), input, ...(qr.open ? [] : [qr]));
  } else {
    section.append(facts, el('p', {}, words.inApp));
  }
  const left = el('time');
  const expiresAt = mandate.expiresOn ? Date.parse(`${mandate.expiresOn}T23:59:59.999Z`) : undefined;
  if (expiresAt) section.append(el('p', {}, `${say.left} `, left));
  section.append(state);
  parent.append(section);
  const told = (status: MandateStatus) => (status === 'REVOKED' || status === 'CANCELED' ? words.ENDED : status === 'PENDING' ? '' : words[status]);
  // Answered already (the page shows a mandate it had asked for before): the outcome, nothing to wait on.
  if (mandate.status !== 'PENDING' || (!waiting.check && !waiting.signal)) {
    if (mandate.status !== 'PENDING') section.classList.add('over');
    state.textContent = told(mandate.status);
    return Promise.resolve(mandate.status);
  }
  state.textContent = words.waiting;
  return new Promise((resolve) => {
    let over = false;
    const finish = (status: MandateStatus) => {
      if (over) return;
      over = true;
      clearInterval(clock);
      clearInterval(asking);
      // Answered: the code and the QR go (nothing left to authorise), the outcome and its next step stay.
      if (status !== 'PENDING') section.classList.add('over');
      state.textContent = told(status);
      resolve(status);
    };
    const tick = () => {
      if (!expiresAt) return;
      const ms = expiresAt - Date.now();
      left.textContent = timeLeft(ms);
      if (ms <= 0) finish('EXPIRED');
    };
    const ask = async () => {
      const said = await waiting.check?.().catch(() => 'PENDING');
      if (said && said !== 'PENDING' && /^(ACTIVE|REJECTED|EXPIRED|REVOKED|CANCELED)$/.test(said)) finish(said as MandateStatus);
    };
    const clock = setInterval(tick, 1000);
    const asking = setInterval(ask, waiting.interval ?? 3000);
    waiting.signal?.addEventListener('abort', () => finish('PENDING'));
    if (waiting.signal?.aborted) finish('PENDING');
    else {
      tick();
      if (!over) void ask();
    }
  });
}
