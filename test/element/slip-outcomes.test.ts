// How a PIX or boleto wait ends (issue 39): the page's check answers how the payment stands, from
// its server, and the panel says each outcome with its next step: paid, expired or cancelled by the
// bank (the code, the QR and the copy button go: nothing left there can be paid). Before, check
// answered only paid or not, and an expired PIX kept "Aguardando o pagamento…".
import { afterEach, expect, it } from 'vitest';
import { handleNextAction } from '../../src/next-action/index.js';
import { TEXTS } from '../../src/next-action/texts.js';
import { brCode, dynamicBrCode } from '../../packages/sandbox/payment/pix.js';

afterEach(() => document.body.replaceChildren());

const pixAnswer = (expiresOn?: string) => ({ charge: { _id: 'charge_1', ...(expiresOn ? { slip: { expiresOn } } : {}) }, paymentMethod: 'PIX', status: 'PENDING_PAYMENT', pix: { brCode: brCode({ key: 'pix@example.com', cents: 129990, merchantName: 'Café do Vale Ltda', merchantCity: 'São Paulo', txid: 'charge1' }), qrCodeImage: 'data:image/png;base64,iVBORw0KGgo=' } });
const root = () => document.querySelector('[data-svc-next-action]')!.shadowRoot!;

for (const [said, status, text] of [[true, 'PAID', TEXTS['pt-BR'].paid], ['PAID', 'PAID', TEXTS['pt-BR'].paid], ['EXPIRED', 'EXPIRED', TEXTS['pt-BR'].expired], ['CANCELED', 'CANCELED', TEXTS['pt-BR'].canceled]] as const) {
  it(`check answers ${JSON.stringify(said)} after two "still waiting": ${status}, said with its next step`, async () => {
    const container = document.body.appendChild(document.createElement('div'));
    const answers: (boolean | string)[] = [false, 'PENDING_PAYMENT', said];
    const outcome = await handleNextAction(pixAnswer(), { lang: 'pt-BR', container, interval: 20, check: async () => answers.shift() as never ?? false });
    expect(outcome).toEqual({ type: 'pix', status, chargeId: 'charge_1' });
    expect(root().querySelector('section > p[role="status"]:last-child')!.textContent).toBe(text);
    expect(root().querySelector('section')!.classList.contains('over')).toBe(status !== 'PAID');
  });
}

it('the PIX panel shows the amount and the payee from the BR Code, a Copy PIX code button, three steps', async () => {
  const container = document.body.appendChild(document.createElement('div'));
  void handleNextAction(pixAnswer(), { lang: 'pt-BR', container, paid: new Promise(() => {}) });
  const rows = [...root().querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`);
  expect(rows.map((row) => row.replace(/\s/g, ' '))).toEqual(['Valor: R$ 1.299,90', 'Recebedor: Cafe do Vale Ltda']);
  expect(root().querySelector('button.primary')!.textContent).toBe('Copiar código PIX');
  expect(root().querySelectorAll('ol li')).toHaveLength(3);
});

it('a dynamic BR Code (no field 54): the panel shows the amount the answer carries, the payee from field 59', async () => {
  const container = document.body.appendChild(document.createElement('div'));
  const code = dynamicBrCode({ location: 'localhost:4010/sandbox/v1/pix/abcdefabcdefabcdefabcdef12345', merchantName: 'SVC SANDBOX', merchantCity: 'SAO PAULO' });
  expect(code).not.toMatch(/54\d\d\d+\.\d\d58/);
  void handleNextAction({ ...pixAnswer(), pix: { brCode: code, qrCodeImage: 'data:image/png;base64,iVBORw0KGgo=', amount: 4990 } }, { lang: 'pt-BR', container, paid: new Promise(() => {}) });
  const rows = [...root().querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`);
  expect(rows.map((row) => row.replace(/\s/g, ' '))).toEqual(['Valor: R$ 49,90', 'Recebedor: SVC SANDBOX']);
});

it('in the last hour the time left counts minutes and seconds, every second', async () => {
  const container = document.body.appendChild(document.createElement('div'));
  const today = new Date().toISOString().slice(0, 10);
  const realNow = Date.now;
  // 30 minutes before the end of the PIX's last day (index.ts: expiresOn's 23:59:59.999 UTC).
  const end = Date.parse(`${today}T23:59:59.999Z`);
  Date.now = () => end - 30 * 60_000 + (realNow() - started);
  const started = realNow();
  try {
    void handleNextAction(pixAnswer(today), { container, paid: new Promise(() => {}) });
    const time = root().querySelector('section p time')!;
    expect(time.textContent).toMatch(/^(29 min 59 s|30 min 00 s)$/);
    const first = time.textContent;
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(time.textContent).toMatch(/^29 min 5\d s$/);
    expect(time.textContent).not.toBe(first);
  } finally {
    Date.now = realNow;
  }
});
