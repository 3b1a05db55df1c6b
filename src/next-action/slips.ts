// PIX and boleto: what the API answered after POST /v1/charge/pay without a
// card, shown to the shopper (no frame: no card data is involved). Copy first
// (issue 39): a shopper on a phone pays with the code in the same phone's bank
// app, so the amount, the payee, a full-width Copy and three steps come first,
// the QR (for paying from another device) folded under them; on a wide screen
// the QR comes first, open. The waiting ends when the page says the payment was
// made (options.paid), or when the page's own check (its server, never a secret
// here) answers how the payment stands: paid, expired or cancelled by the bank.
// A boleto that carries a PIX (bolepix) shows the PIX's Copy first, then its line.
import { el } from './dom.js';
import { timeLeft } from './countdown.js';
import type { Texts } from './texts.js';

export interface Pix {
  brCode: string; qrCodeImage: string; txid?: string;
  /** Cents, as the sandbox answers it: a dynamic BR Code has no amount (field 54), its payload does. */
  amount?: number;
}
/** Who a boleto pays or is made out to: a name and a CPF or CNPJ (digits). */
export interface Party { name: string; taxId?: string }
export interface Boleto {
  barcode?: string; digitableLine: string; dueDate: string; url?: string;
  /** What a printed boleto also shows (the sandbox answers them): cents, else the barcode's value field. */
  amount?: number; beneficiary?: Party; payer?: Party;
}
/** PENDING_PAYMENT: the wait ended without an outcome (nothing to wait on, or aborted). EXPIRED, CANCELED: the bank's. */
export type SlipStatus = 'PAID' | 'PENDING_PAYMENT' | 'EXPIRED' | 'CANCELED';

export interface Waiting {
  paid?: PromiseLike<unknown>;
  /**
   * Asks the page's server how the payment stands, every `interval` ms (default 3000): `true` or
   * 'PAID' paid, 'EXPIRED' or 'CANCELED' the bank's end of it; `false` or 'PENDING_PAYMENT' still waiting.
   */
  check?: () => Promise<boolean | SlipStatus>; interval?: number;
  /** Aborted: the wait ends (PENDING_PAYMENT), e.g. the shopper chose another way to pay. */
  signal?: AbortSignal;
  /** Draws a boleto's 44-digit barcode (svc-card/boleto-barcode's itfSvg); default: the global svc.boletoBarcode of dist/svc-boleto-barcode.js, when loaded. */
  barcode?: (code: string) => Element;
}

/** A value of the BR Code's EMV fields (tag, two-digit length, value): 54 the amount, 59 the payee's name. */
export const emv = (code: string, tag: string): string | undefined => {
  for (let i = 0; i < code.length;) {
    const size = Number(code.slice(i + 2, i + 4));
    if (code.slice(i, i + 2) === tag) return code.slice(i + 4, i + 4 + size);
    i += 4 + size; // NaN past a malformed length: the loop ends
  }
};

/** CPF 000.000.000-00 or CNPJ 00.000.000/0000-00, as a boleto prints them. */
const taxId = (digits = '') => (digits.length > 11 ? digits.replace(/(..)(...)(...)(....)/, '$1.$2.$3/$4-') : digits.replace(/(...)(...)(...)/, '$1.$2.$3-'));
const party = (who?: Party) => who && `${who.name}${who.taxId ? ` (${taxId(who.taxId)})` : ''}`;

/** Copy (full width, the panel's first action) that says it copied (a polite status under it); else selects `shown` to copy by hand. */
export function copyButton(label: string, code: string, shown: HTMLElement, say: Texts): HTMLElement[] {
  const button = el('button', { type: 'button', class: 'primary' }, label);
  const said = el('p', { role: 'status' });
  // The same text again is not read again: a second press differs by a no-break space (as the card form's announcements).
  const tell = (text: string) => (said.textContent = said.textContent === text ? `${text}\u00a0` : text);
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(code);
      tell(say.copied);
    } catch {
      if (shown instanceof HTMLInputElement) shown.select();
      else getSelection()?.selectAllChildren(shown);
      tell(say.copyFailed);
    }
  });
  return [button, said];
}

/** Shows the slip in `parent` and waits as asked; answers PAID, EXPIRED, CANCELED, or PENDING_PAYMENT (nothing to wait on). */
export function showSlip(parent: Element | ShadowRoot, slip: { pix?: Pix; boleto?: Boleto; expiresAt?: number }, waiting: Waiting, lang: string, say: Texts): Promise<SlipStatus> {
  const { pix, boleto } = slip;
  const state = el('p', { role: 'status' });
  const money = (cents: number) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'BRL' }).format(cents / 100);
  const facts = (...rows: [string, string | Node | undefined][]) =>
    el('dl', {}, ...rows.flatMap(([name, value]) => (value ? [el('dt', {}, name), el('dd', {}, value)] : [])));
  // Focusable (not in the Tab order): shown in the page's container, it takes the focus (index.ts).
  const section = el('section', { 'aria-labelledby': 'slip-title', tabindex: '-1' }, el('h2', { id: 'slip-title' }, boleto ? say.boleto : say.pix));
  // The PIX, copy first (the boleto's too: a boleto with PIX, "bolepix", shows it before its line).
  const pixParts = (p: Pix) => {
    const code = el('input', { id: 'pix-code', readonly: '', value: p.brCode, autocomplete: 'off', spellcheck: 'false' });
    // Folded on a phone (the same phone cannot scan it); first and open on a wide screen, where the phone is the other device.
    const qr = el('details', {}, el('summary', {}, say.showQr), el('img', { src: p.qrCodeImage, alt: say.qr, width: '200', height: '200' }));
    qr.open = matchMedia('(min-width: 40em)').matches;
    return { first: qr.open ? [qr] : [], rest: [...copyButton(say.copyPix, p.brCode, code, say), el('ol', {}, ...say.steps.map((step) => el('li', {}, step))), el('label', { for: 'pix-code' }, say.pixCode), code, ...(qr.open ? [] : [qr])] };
  };
  if (!boleto) {
    // The answer's amount first: a dynamic BR Code (the PSPs' and the sandbox's) leaves field 54 out.
    const field54 = emv(pix!.brCode, '54');
    const cents = pix!.amount ?? (field54 ? Math.round(Number(field54) * 100) : undefined);
    const { first, rest } = pixParts(pix!);
    section.append(...first, facts([say.amount, cents === undefined ? undefined : money(cents)], [say.payee, emv(pix!.brCode, '59')]), ...rest);
  } else {
    const b = boleto;
    // Grouped as printed: 00190.00009 01234.567890 12345.678901 2 12340000012990; wraps between groups.
    const line = el('p', { id: 'slip-code', class: 'line' }, b.digitableLine.replace(/^(\d{5})(\d{5})(\d{5})(\d{6})(\d{5})(\d{6})(\d)(\d{14})$/, '$1.$2 $3.$4 $5.$6 $7 $8'));
    const draw = waiting.barcode ?? (globalThis as { svc?: { boletoBarcode?: Waiting['barcode'] } }).svc?.boletoBarcode;
    const print = el('button', { type: 'button' }, say.print);
    print.addEventListener('click', () => print.ownerDocument.defaultView?.print());
    const paid = pix?.brCode ? pixParts(pix) : { first: [], rest: [] };
    section.append(...paid.first,
      facts([say.amount, money(b.amount ?? Number(b.barcode?.slice(9, 19)))], [say.beneficiary, party(b.beneficiary)], [say.payer, party(b.payer)],
        [say.due, el('time', { datetime: b.dueDate }, b.dueDate.split('-').reverse().join('/'))]),
      ...paid.rest,
      el('p', { id: 'line-label' }, say.line), line, ...copyButton(say.copyLine, b.digitableLine, line, say),
      ...(draw && b.barcode ? [draw(b.barcode)] : []), print,
      ...(b.url ? [el('a', { href: b.url, target: '_blank', rel: 'noopener noreferrer' }, say.slip)] : []));
    line.setAttribute('aria-labelledby', 'line-label');
  }
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
      clearInterval(clock);
      clearInterval(asking);
      // Ended by the bank: nothing here can be paid any more (the code, the QR and the line go), and the text says what to do next.
      if (status === 'EXPIRED' || status === 'CANCELED') section.classList.add('over');
      state.textContent = status === 'PAID' ? say.paid : status === 'EXPIRED' ? say.expired : status === 'CANCELED' ? say.canceled : '';
      resolve(status);
    };
    // The clock every second (seconds are shown in the last hour); the page's server every `interval`.
    const tick = () => {
      if (!slip.expiresAt) return;
      const ms = slip.expiresAt - Date.now();
      left.textContent = timeLeft(ms);
      if (ms <= 0) finish('EXPIRED');
    };
    const ask = async () => {
      const said = await waiting.check?.().catch(() => false);
      if (said && said !== 'PENDING_PAYMENT') finish(said === true ? 'PAID' : said);
    };
    const clock = setInterval(tick, 1000);
    const asking = setInterval(ask, waiting.interval ?? 3000);
    waiting.paid?.then(() => finish('PAID'));
    waiting.signal?.addEventListener('abort', () => finish('PENDING_PAYMENT'));
    // Aborted already: no abort event will come; ended at once, as fetch does, nothing asked.
    if (waiting.signal?.aborted) finish('PENDING_PAYMENT');
    else {
      tick();
      if (!over) void ask();
    }
  });
}
