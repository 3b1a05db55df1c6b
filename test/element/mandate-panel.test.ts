// The PIX Automático panel (issue 40 item 3): handleNextAction given the sandbox's mandate answer
// (POST /sandbox/v1/mandates: {mandate, code?}) shows the authorisation copy first on a phone (the
// code's Copy the first button, three steps, the QR folded), journey 1 without a code, the waiting,
// and each outcome with its next step; the outcome is {type: 'mandate', status, mandateId}.
import { afterEach, expect, it, vi } from 'vitest';
import { handleNextAction } from '../../src/next-action/index.js';
import { MANDATE_TEXTS } from '../../src/next-action/mandate-texts.js';
import { recurrenceBrCode } from '../../packages/sandbox/payment/pix.js';
import { SANDBOX_PIX } from '../../packages/sandbox/payment/bank-slips.js';

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});
const root = () => document.querySelector('[data-svc-next-action]')!.shadowRoot!;
const container = () => document.body.appendChild(document.createElement('div'));
// The panel comes once svc-card/mandate is loaded (the npm entry imports it when a mandate comes).
const shown = () => vi.waitFor(() => expect(document.querySelector('[data-svc-next-action]')?.shadowRoot?.querySelector('section')).toBeTruthy());
const never = () => new Promise<never>(() => {});

const brCode = recurrenceBrCode({ recurrenceLocation: 'localhost:4010/sandbox/v1/rec/abcdefabcdefabcdefabcdef', merchantName: SANDBOX_PIX.merchantName, merchantCity: SANDBOX_PIX.merchantCity });
const answer = (journey = 2, status = 'PENDING', expiresOn = '2999-01-02') => ({
  mandate: { _id: 'abcdefabcdefabcdefabcdef', status, journey, amount: 4990, periodicity: 'MENSAL', startDate: '2999-02-01', expiresOn },
  ...(journey === 1 ? {} : { code: { brCode, qrCodeImage: 'data:image/png;base64,iVBORw0KGgo=', ...(journey > 2 ? { pix: { amount: 4990 } } : {}) } }),
});

it('a phone: the code\'s Copy first, three steps, the code, the QR folded; the plan\'s amount, frequency and first debit', async () => {
  vi.spyOn(window, 'matchMedia').mockReturnValue({ matches: false } as MediaQueryList);
  void handleNextAction(answer(), { lang: 'pt-BR', container: container(), check: never });
  await shown();
  expect(root().querySelector('h2')!.textContent).toBe('Autorize o PIX Automático');
  expect(root().querySelector('button')!.textContent).toBe('Copiar código PIX Automático');
  expect(root().querySelectorAll('ol li')).toHaveLength(3);
  expect((root().querySelector('#pix-code') as HTMLInputElement).value).toBe(brCode);
  const qr = root().querySelector('details')!;
  expect(qr.open).toBe(false);
  expect(qr.compareDocumentPosition(root().querySelector('button')!) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  const facts = [...root().querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`);
  expect(facts).toEqual(['Valor de cada cobrança: R$\u00a049,90', 'Frequência: Mensal', 'Primeiro débito: 01/02/2999', 'Recebedor: SVC SANDBOX']);
  expect(root().querySelector('[role=status]:last-child')!.textContent).toBe('Aguardando a autorização no app do banco…');
});

it('a wide screen: the QR first and open', async () => {
  vi.spyOn(window, 'matchMedia').mockReturnValue({ matches: true } as MediaQueryList);
  void handleNextAction(answer(), { lang: 'en', container: container(), check: never });
  await shown();
  const section = root().querySelector('section')!;
  expect(section.children[1]!.tagName).toBe('DETAILS');
  expect((section.children[1] as HTMLDetailsElement).open).toBe(true);
});

it('journeys 3 and 4: what is paid now is shown first, with the authorisation', async () => {
  void handleNextAction(answer(3), { lang: 'en', container: container(), check: never });
  await shown();
  expect(root().querySelector('dt')!.textContent).toBe('Paid now, with the authorisation');
  expect(root().querySelector('dd')!.textContent).toBe('R$49.90');
});

it('journey 1: no code, the request is in the bank app', async () => {
  void handleNextAction(answer(1), { lang: 'en', container: container(), check: never });
  await shown();
  expect(root().querySelector('#pix-code')).toBeNull();
  expect(root().querySelector('button')).toBeNull();
  expect(root().textContent).toContain(MANDATE_TEXTS.en.inApp);
});

for (const status of ['ACTIVE', 'REJECTED', 'EXPIRED'] as const) {
  it(`the page's check answers ${status}: the outcome, its next step told, the code gone`, async () => {
    let asked = 0;
    const outcome = await handleNextAction(answer(), { lang: 'pt-BR', container: container(), interval: 10, check: async () => (++asked < 3 ? 'PENDING' : status) });
    expect(outcome).toEqual({ type: 'mandate', status, mandateId: 'abcdefabcdefabcdefabcdef' });
    expect(root().querySelector('[role=status]:last-child')!.textContent).toBe(MANDATE_TEXTS['pt-BR'][status]);
    expect(root().querySelector('section')!.classList.contains('over')).toBe(true);
  });
}

it('an answer not PENDING (a reload after the bank answered) tells its outcome at once, nothing asked', async () => {
  const check = vi.fn(never);
  const outcome = await handleNextAction(answer(2, 'REJECTED'), { lang: 'en', container: container(), check });
  expect(outcome.status).toBe('REJECTED');
  expect(check).not.toHaveBeenCalled();
  expect(root().textContent).toContain(MANDATE_TEXTS.en.REJECTED);
});

it('past expiresOn by the page\'s clock: EXPIRED without waiting for the server', async () => {
  const outcome = await handleNextAction(answer(2, 'PENDING', '2000-01-01'), { lang: 'en', container: container(), check: never });
  expect(outcome.status).toBe('EXPIRED');
});

it('a status the panel does not know, or a failed check, keeps it waiting', async () => {
  const stop = new AbortController();
  const said = ['SOMETHING', 'PENDING'];
  const outcome = handleNextAction(answer(), { lang: 'en', container: container(), interval: 10, signal: stop.signal, check: async () => { const next = said.shift(); if (!next) throw new Error('offline'); return next as 'PENDING'; } });
  setTimeout(() => stop.abort(), 80);
  expect(await outcome).toEqual({ type: 'mandate', status: 'PENDING', mandateId: 'abcdefabcdefabcdefabcdef' });
});

it('the mandateView option is used when given (the script tag\'s svc.mandateView the same way)', async () => {
  const view = vi.fn(async (parent: Element | ShadowRoot) => (parent.append(document.createElement('section')), 'ACTIVE' as const));
  expect(await handleNextAction(answer(), { container: container(), mandateView: view })).toMatchObject({ status: 'ACTIVE' });
  expect(view).toHaveBeenCalledOnce();
});
