// A boleto that carries a PIX (bolepix, issue 40 item 4): the answer has both `boleto` and `pix`.
// The panel is the boleto's (its title, its facts, its line with Copy, outcome type boleto), and
// the PIX comes first in it, copy first as the PIX panel: its Copy is the first button, then the
// three steps and the code, before the line. Before, an answer with a `pix` was shown as a PIX
// alone: the line, the due date and the payer were lost.
import { afterEach, expect, it } from 'vitest';
import { handleNextAction } from '../../src/next-action/index.js';
import { boletoFor, pixFor } from '../../packages/sandbox/payment/bank-slips.js';

afterEach(() => document.body.replaceChildren());
const root = () => document.querySelector('[data-svc-next-action]')!.shadowRoot!;

const charge = { _id: 'abcdefabcdefabcdefabcdef', companyId: 'c', amount: { value: 12345, currency: 'BRL' }, dueDate: '2030-01-10', status: 'ACTIVE', paymentMethods: ['BOLETO'], active: true, createdAt: '', updatedAt: '' } as never;
const bolepix = async () => ({
  charge: { _id: 'abcdefabcdefabcdefabcdef', slip: { expiresOn: '2030-01-10' } }, paymentMethod: 'BOLETO', status: 'PENDING_PAYMENT',
  boleto: boletoFor(charge, '2030-01-01', { name: 'Maria da Silva', taxId: '52998224725' }),
  pix: await pixFor(charge, 'localhost:4010', new Date('2030-01-01T12:00:00Z'), '2030-01-10'),
});

it('the boleto\'s panel, its PIX first: Copy PIX code is the first button, then the line with its own Copy; both codes shown', async () => {
  const answer = await bolepix();
  const container = document.body.appendChild(document.createElement('div'));
  void handleNextAction(answer, { lang: 'pt-BR', container, paid: new Promise(() => {}) });
  expect(root().querySelector('h2')!.textContent).toBe('Pague com boleto');
  const buttons = [...root().querySelectorAll('button')].map((b) => b.textContent);
  expect(buttons.slice(0, 1)).toEqual(['Copiar código PIX']);
  expect(buttons.indexOf('Copiar linha digitável')).toBeGreaterThan(0);
  expect(root().querySelector('button.primary')!.textContent).toBe('Copiar código PIX');
  expect((root().querySelector('#pix-code') as HTMLInputElement).value).toBe(answer.pix.brCode);
  expect(root().querySelector('.line')!.textContent!.replace(/\D/g, '')).toBe(answer.boleto.digitableLine);
  expect(root().querySelectorAll('ol li')).toHaveLength(3);
  // The boleto's facts: amount, beneficiary, payer, due date (not the PIX's payee alone).
  expect([...root().querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Valor', 'Beneficiário', 'Pagador', 'Vencimento']);
  // Every id once: the PIX's code and the line do not share one.
  const ids = [...root().querySelectorAll('[id]')].map((e) => e.id);
  expect(new Set(ids).size).toBe(ids.length);
});

it('paid (by either): the outcome is the boleto\'s', async () => {
  const outcome = await handleNextAction(await bolepix(), { lang: 'en', container: document.body.appendChild(document.createElement('div')), paid: Promise.resolve() });
  expect(outcome).toEqual({ type: 'boleto', status: 'PAID', chargeId: 'abcdefabcdefabcdefabcdef' });
});

it('a boleto without PIX is shown as before: no PIX code, the line\'s Copy first', async () => {
  const { pix: _pix, ...answer } = await bolepix();
  void handleNextAction(answer, { lang: 'pt-BR', container: document.body.appendChild(document.createElement('div')), paid: new Promise(() => {}) });
  expect(root().querySelector('#pix-code')).toBeNull();
  expect(root().querySelector('button')!.textContent).toBe('Copiar linha digitável');
});
