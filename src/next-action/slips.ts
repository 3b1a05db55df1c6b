// PIX and boleto: what the API answered after POST /v1/charge/pay without a
// card, shown to the shopper (no frame: no card data is involved). The
// waiting ends when the page says the payment was made (options.paid), or when
// the page's own check (its server, never a secret here) answers true.
import { el } from './dom.js';
import type { Texts } from './texts.js';

export interface Pix { brCode: string; qrCodeImage: string; txid?: string }
export interface Boleto { barcode?: string; digitableLine: string; dueDate: string; url?: string }
export type SlipStatus = 'PAID' | 'PENDING_PAYMENT' | 'EXPIRED';

export interface Waiting {
  paid?: PromiseLike<unknown>; check?: () => Promise<boolean>; interval?: number;
  /** Aborted: the wait ends (PENDING_PAYMENT), e.g. the shopper chose another way to pay. */
  signal?: AbortSignal;
}

/** A read-only code with a Copy button that says it copied (a polite status beside it). */
function copyRow(id: string, label: string, code: string, say: Texts): HTMLElement[] {
  const input = el('input', { id, readonly: '', value: code, autocomplete: 'off', spellcheck: 'false' });
  const button = el('button', { type: 'button' }, say.copy);
  const said = el('p', { role: 'status' });
  // The same text again is not read again: a second press differs by a no-break space (as the card form's announcements).
  const tell = (text: string) => (said.textContent = said.textContent === text ? `${text}\u00a0` : text);
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(code);
      tell(say.copied);
    } catch {
      input.select();
      tell(say.copyFailed);
    }
  });
  return [el('label', { for: id }, label), el('div', { class: 'row' }, input, button), said];
}

/** 01 h 05 min, or 3 d 4 h, from milliseconds. */
const duration = (ms: number, lang: string) => {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440), hours = Math.floor((minutes % 1440) / 60), rest = minutes % 60;
  return days ? `${days} ${lang === 'en' ? 'd' : 'd'} ${hours} h` : `${hours} h ${String(rest).padStart(2, '0')} min`;
};

/** Shows the slip in `parent` and waits as asked; answers PAID, EXPIRED, or PENDING_PAYMENT (nothing to wait on). */
export function showSlip(parent: Element | ShadowRoot, slip: { pix?: Pix; boleto?: Boleto; expiresAt?: number }, waiting: Waiting, lang: string, say: Texts): Promise<SlipStatus> {
  const { pix, boleto } = slip;
  const state = el('p', { role: 'status' });
  // Focusable (not in the Tab order): shown in the page's container, it takes the focus (index.ts).
  const region = { 'aria-labelledby': 'slip-title', tabindex: '-1' };
  const section = pix
    ? el('section', region, el('h2', { id: 'slip-title' }, say.pix),
      el('img', { src: pix.qrCodeImage, alt: say.qr, width: '200', height: '200' }), ...copyRow('slip-code', say.pixCode, pix.brCode, say))
    : el('section', region, el('h2', { id: 'slip-title' }, say.boleto),
      ...copyRow('slip-code', say.line, boleto!.digitableLine, say),
      el('p', {}, `${say.due} `, el('time', { datetime: boleto!.dueDate }, boleto!.dueDate.split('-').reverse().join('/'))),
      ...(boleto!.url ? [el('a', { href: boleto!.url, target: '_blank', rel: 'noopener noreferrer' }, say.slip)] : []));
  const left = el('time');
  if (slip.expiresAt) section.append(el('p', {}, `${say.left} `, left));
  section.append(state);
  parent.append(section);
  if (!waiting.paid && !waiting.check) return Promise.resolve('PENDING_PAYMENT');
  state.textContent = say.waiting;
  return new Promise((resolve) => {
    let over = false;
    const finish = (status: SlipStatus) => {
      if (over) return;
      over = true;
      clearInterval(timer);
      state.textContent = status === 'PAID' ? say.paid : status === 'EXPIRED' ? say.expired : '';
      resolve(status);
    };
    const tick = async () => {
      if (slip.expiresAt) {
        const ms = slip.expiresAt - Date.now();
        left.textContent = duration(ms, lang);
        if (ms <= 0) return finish('EXPIRED');
      }
      if (waiting.check && !over && (await waiting.check().catch(() => false))) finish('PAID');
    };
    const timer = setInterval(tick, waiting.interval ?? 3000);
    waiting.paid?.then(() => finish('PAID'));
    waiting.signal?.addEventListener('abort', () => finish('PENDING_PAYMENT'));
    // Aborted already: no abort event will come; ended at once, as fetch does, nothing asked.
    if (waiting.signal?.aborted) finish('PENDING_PAYMENT');
    else void tick();
  });
}
