// A boleto carries a PIX (bolepix, as Brazilian banks issue boletos since 2025):
// its BR Code read by pix-utils, its cobv payload checked as the bank would
// (support/pix-bank.ts), the line still valid by re-computation
// (support/boleto-check.ts); settled by either, once: the other refused, the
// cobv CONCLUIDA or REMOVIDA_PELO_PSP, one transaction, one charge.paid.
import fc from 'fast-check';
import { parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { dueFactor } from '../../packages/sandbox/payment/boleto.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { expectValidBoleto } from './support/boleto-check.js';
import { makeProduct, sandboxWithClientAndProduct } from './support/fixtures.js';
import { bankReads as bankReadsIn } from './support/pix-bank.js';
import { API_KEY, COMPANY, SANDBOX_CAPTCHA_TOKEN, call, tokenFor } from './support/sandbox.js';

let sandbox: Sandbox;
let clientId: string;
let client: { name: string; doc: string };
let productId: string;
sandboxWithClientAndProduct((made) => ({ sandbox, clientId, client, productId } = made));

const bankReads = (brCode: string) => bankReadsIn(sandbox, brCode);
const create = async (amount: number, dueDate = '2030-01-10', product = productId) =>
  (await call(sandbox, 'POST', '/v1/charge', { companyId: COMPANY, clientId, productId: product, dueDate, amount })).body;
const payByBoleto = async (chargeId: string) =>
  (await call(sandbox, 'POST', '/v1/charge/pay', { _id: chargeId, companyId: COMPANY, paymentMethod: 'BOLETO', captchaToken: SANDBOX_CAPTCHA_TOKEN }, {})).body;
const settle = (chargeId: string, paymentMethod: string, key?: string) =>
  call(sandbox, 'POST', '/sandbox/v1/charges/settle', { companyId: COMPANY, chargeId, paymentMethod }, { apiKey: API_KEY, ...(key ? { 'Idempotency-Key': key } : {}) });
/** The company's events about `chargeId` after event number `after`: their types, and the last number. */
async function eventsOf(chargeId: string, after: number) {
  const items = (await call(sandbox, 'GET', `/sandbox/v1/events?companyId=${COMPANY}&after=${after}&limit=500`)).body.items as { seq: number; type: string; data: unknown }[];
  return { types: items.filter((e) => JSON.stringify(e.data).includes(chargeId)).map((e) => e.type), last: items.at(-1)?.seq ?? after };
}
const transactionsOf = async (chargeId: string) => (await call(sandbox, 'GET', `/v1/transaction?companyId=${COMPANY}&chargeId=${chargeId}`)).body.items;

describe('a boleto carries a PIX (bolepix)', () => {
  it('BOLETO answers the line and a dynamic PIX for the same charge: pix-utils reads it DYNAMIC at the cobv location; the line is still valid', async () => {
    const charge = await create(123.45);
    const { boleto, pix, charge: waiting } = await payByBoleto(charge._id);
    expectValidBoleto(boleto, 12345);
    expect(boleto.barcode.slice(5, 9)).toBe(dueFactor('2030-01-10'));
    expect(parsePix(pix.brCode)).toMatchObject({ type: 'DYNAMIC', url: pix.location });
    expect(pix.location).toMatch(new RegExp(`^localhost:80/sandbox/v1/cobv/${charge._id}\\.[0-9a-z]{11}$`));
    expect(pix.qrCodeImage).toMatch(/^data:image\/png;base64,/);
    expect(pix).toMatchObject({ amount: 12345, txid: waiting.slip.txid });
    expect(waiting.slip).toMatchObject({ paymentMethod: 'BOLETO', expiresOn: '2030-01-10' });
    // Until the end of the boleto's due date (UTC), as the boleto.
    expect(pix.expiresIn).toBe(Math.floor((Date.parse('2030-01-11T00:00:00Z') - Date.parse(waiting.slip.issuedAt)) / 1000));
  });

  it('its payload is a cobv: ATIVA, due the boleto\'s day, no days after it, the boleto\'s payer as devedor, the amount and key', async () => {
    const charge = await create(80);
    const { pix, boleto, charge: waiting } = await payByBoleto(charge._id);
    const payload = await bankReads(pix.brCode);
    expect(payload).toMatchObject({
      txid: pix.txid, status: 'ATIVA', valor: { original: '80.00' }, chave: 'pix@sandbox.svc-card.example',
      calendario: { criacao: waiting.slip.issuedAt, dataDeVencimento: boleto.dueDate, validadeAposVencimento: 0 },
      devedor: { [client.doc.length > 11 ? 'cnpj' : 'cpf']: client.doc, nome: client.name },
    });
    expect(payload.calendario.expiracao).toBeUndefined();
  });

  it('every amount and due date: the PIX read by pix-utils at its cobv, the line valid by re-computation, the cobv due the boleto\'s day', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 9_999_999_999 }), fc.integer({ min: 0, max: 5000 }), async (cents, days) => {
      const dueDate = new Date(Date.UTC(2030, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);
      const charge = await create(cents / 100, dueDate);
      const { boleto, pix } = await payByBoleto(charge._id);
      expectValidBoleto(boleto, cents);
      expect(parsePix(pix.brCode)).toMatchObject({ type: 'DYNAMIC', url: pix.location });
      expect(pix.amount).toBe(cents);
      expect(await bankReads(pix.brCode)).toMatchObject({ status: 'ATIVA', valor: { original: (cents / 100).toFixed(2) }, calendario: { dataDeVencimento: dueDate } });
    }), { numRuns: 8 });
  });

  it('settled by its PIX: one PIX transaction, one charge.paid, the cobv CONCLUIDA; the line then refused on chargeId, nothing moved', async () => {
    const charge = await create(55.5);
    const { pix } = await payByBoleto(charge._id);
    const { last } = await eventsOf(charge._id, 0);
    const paid = await settle(charge._id, 'PIX');
    expect(paid.status).toBe(200);
    expect(paid.body.transaction).toMatchObject({ status: 'PAID', paymentMethod: 'PIX', amount: { value: 5550 }, chargeId: charge._id });
    expect(paid.body.charge).toMatchObject({ status: 'PAID', pixCob: { txid: pix.txid, status: 'CONCLUIDA' } });
    expect(await bankReads(pix.brCode)).toMatchObject({ txid: pix.txid, status: 'CONCLUIDA' });
    const byLine = await settle(charge._id, 'BOLETO');
    expect(byLine.status).toBe(400);
    expect(byLine.body.error_messages).toEqual([expect.objectContaining({ path: 'chargeId', msg: 'the charge is already paid by its PIX: its boleto can no longer be paid (a boleto and its PIX are one payment)' })]);
    // The PIX again: refused too (the bank pays a cob once).
    expect((await settle(charge._id, 'PIX')).body.error_messages).toEqual([expect.objectContaining({ path: 'chargeId', msg: 'the charge is already paid' })]);
    expect((await eventsOf(charge._id, last)).types).toEqual(['transaction.created', 'charge.paid']);
    expect((await transactionsOf(charge._id)).map((t: { status: string; paymentMethod: string }) => [t.status, t.paymentMethod])).toEqual([['PAID', 'PIX']]);
  });

  it('settled by its line: one BOLETO transaction, one charge.paid, the cobv REMOVIDA_PELO_PSP; its PIX then refused on chargeId', async () => {
    const charge = await create(42);
    const { pix } = await payByBoleto(charge._id);
    const { last } = await eventsOf(charge._id, 0);
    const paid = await settle(charge._id, 'BOLETO');
    expect(paid.body.transaction).toMatchObject({ status: 'PAID', paymentMethod: 'BOLETO', amount: { value: 4200 } });
    expect(paid.body.charge.pixCob).toBeUndefined();
    expect(await bankReads(pix.brCode)).toMatchObject({ txid: pix.txid, status: 'REMOVIDA_PELO_PSP' });
    const byPix = await settle(charge._id, 'PIX');
    expect(byPix.status).toBe(400);
    expect(byPix.body.error_messages).toEqual([expect.objectContaining({ path: 'chargeId', msg: 'the charge is already paid by its boleto: its PIX can no longer be paid (a boleto and its PIX are one payment)' })]);
    expect((await eventsOf(charge._id, last)).types).toEqual(['transaction.created', 'charge.paid']);
    expect((await transactionsOf(charge._id)).length).toBe(1);
  });

  it('a replay of the settle (its Idempotency-Key) answers the same payment, marked replayed; nothing moves twice', async () => {
    const charge = await create(19.9);
    await payByBoleto(charge._id);
    const { last } = await eventsOf(charge._id, 0);
    const first = await settle(charge._id, 'PIX', `bolepix-${charge._id}`);
    const again = await settle(charge._id, 'PIX', `bolepix-${charge._id}`);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    // The line under another key: refused, the one payment stands.
    expect((await settle(charge._id, 'BOLETO', `bolepix-${charge._id}-line`)).status).toBe(400);
    expect((await eventsOf(charge._id, last)).types).toEqual(['transaction.created', 'charge.paid']);
    expect((await transactionsOf(charge._id)).length).toBe(1);
  });

  it('a charge whose product offers BOLETO alone: its boleto\'s PIX still pays it; a PIX not issued is still refused', async () => {
    const only = await makeProduct(sandbox, { paymentMethod: [{ type: 'BOLETO', active: true, installments: [{ installment: 1 }] }] });
    const charge = await create(10, '2030-01-10', only._id);
    expect((await settle(charge._id, 'PIX')).body.error_messages).toEqual([expect.objectContaining({ path: 'paymentMethod' })]);
    await payByBoleto(charge._id);
    expect((await settle(charge._id, 'PIX')).body.charge).toMatchObject({ status: 'PAID' });
  });

  it('the boleto expired: its PIX is withdrawn with it (REMOVIDA_PELO_PSP); the next boleto carries a new PIX, ATIVA', async () => {
    const charge = await create(12);
    const first = (await payByBoleto(charge._id)).pix;
    await call(sandbox, 'POST', '/sandbox/v1/charges/expire', { companyId: COMPANY, chargeId: charge._id });
    expect(await bankReads(first.brCode)).toMatchObject({ status: 'REMOVIDA_PELO_PSP' });
    const second = (await payByBoleto(charge._id)).pix;
    expect(second.txid).not.toBe(first.txid);
    expect(await bankReads(second.brCode)).toMatchObject({ status: 'ATIVA' });
    // A boleto's PIX is not removed on its own.
    expect((await call(sandbox, 'POST', '/sandbox/v1/charges/remove-pix', { companyId: COMPANY, chargeId: charge._id })).body.error_messages).toEqual([expect.objectContaining({ path: 'chargeId' })]);
  });

  it('a boleto\'s cobv looked up at the PIX path is no waiting PIX (REMOVIDA_PELO_PSP), never ATIVA', async () => {
    const charge = await create(7);
    const { pix } = await payByBoleto(charge._id);
    const cob = pix.location.slice(pix.location.lastIndexOf('/') + 1);
    const atPixPath = await sandbox.app.inject({ method: 'GET', url: `/sandbox/v1/pix/${cob}` });
    expect(atPixPath.statusCode).toBe(200);
    expect(JSON.parse(Buffer.from(atPixPath.body.split('.')[1]!, 'base64url').toString())).toMatchObject({ status: 'REMOVIDA_PELO_PSP' });
  });
});

describe('a subscription paid by boleto', () => {
  it('POST /v1/subscription with BOLETO answers the boleto and its PIX', async () => {
    const answer = await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: productId }, client: { name: client.name, doc: client.doc, email: 'bolepix@example.com' }, paymentMethod: 'BOLETO' });
    expect(answer.status).toBe(200);
    expect(answer.body.boleto.digitableLine).toMatch(/^\d{47}$/);
    expect(parsePix(answer.body.pix.brCode)).toMatchObject({ type: 'DYNAMIC', url: answer.body.pix.location });
    expect(answer.body.pix.location).toContain('/sandbox/v1/cobv/');
  });

  it('a PIX issued, then the charge paid by card: the PIX settle is refused as plainly "already paid", no word of a boleto (before: it named a boleto the charge never had)', async () => {
    const charge = await create(30);
    expect((await call(sandbox, 'POST', '/v1/charge/pay', { _id: charge._id, companyId: COMPANY, paymentMethod: 'PIX', captchaToken: SANDBOX_CAPTCHA_TOKEN }, {})).status).toBe(200);
    const card = await call(sandbox, 'POST', '/v1/charge/pay', { _id: charge._id, companyId: COMPANY, paymentMethod: 'CREDIT_CARD', token: await tokenFor(), captchaToken: SANDBOX_CAPTCHA_TOKEN }, {});
    expect([card.status, card.body.charge?.status]).toEqual([200, 'PAID']);
    const byPix = await settle(charge._id, 'PIX');
    expect([byPix.status, byPix.body.error_messages]).toEqual([400, [expect.objectContaining({ path: 'chargeId', msg: 'the charge is already paid' })]]);
  });
});
