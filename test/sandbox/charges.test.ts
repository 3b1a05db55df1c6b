// Charges (4.4): create (decimal to cents, half up), pay (captcha, card or not, racing payments).
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { dueFactor } from '../../packages/sandbox/payment/boleto.js';
import { toCents } from '../../packages/sandbox/base/cents.js';
import { crc16 } from '../../packages/sandbox/payment/pix.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { sandboxWithClientAndProduct } from './support/fixtures.js';
import { COMPANY, PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, call } from './support/sandbox.js';
import { CHALLENGE_PROFILE } from '../../test-support/cards.mjs';

let sandbox: Sandbox;
let clientId: string;
let clientDoc: { name: string; doc: string };
let productId: string;
sandboxWithClientAndProduct((made) => ({ sandbox, clientId, productId, client: clientDoc } = made));

const create = (extra: Record<string, unknown>) => call(sandbox, 'POST', '/v1/charge', { companyId: COMPANY, clientId, productId, dueDate: '2030-01-10', amount: 10, ...extra });

describe('POST /v1/charge', () => {
  it('ACTIVE, the decimal amount in integer cents rounded half up', async () => {
    for (const [amount, cents] of [[49.9, 4990], [0.285, 29], [1.005, 101], [10, 1000], [0.01, 1], [19.999, 2000]] as const) {
      const { status, body } = await create({ amount, description: 'Mensalidade' });
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: 'ACTIVE', amount: { value: cents, currency: 'BRL' }, dueDate: '2030-01-10', clientId, productId, description: 'Mensalidade' });
    }
    expect(toCents(2.675)).toBe(268);
  });

  it('refuses an unknown client or product, a bad date, a zero amount, an unknown payment method', async () => {
    const unknown = await create({ clientId: 'nope', productId: 'nope' });
    expect(unknown.body.error_messages.map((m: { path: string }) => m.path).sort()).toEqual(['clientId', 'productId']);
    const bad = await create({ dueDate: '10/01/2030', amount: 0, paymentMethods: ['CASH'] });
    expect(bad.body.error_messages.map((m: { path: string }) => m.path).sort()).toEqual(['amount', 'dueDate', 'paymentMethods[0]']);
    expect((await call(sandbox, 'POST', '/v1/charge', { companyId: 'x', clientId, productId, dueDate: '2030-01-10', amount: 1 })).status).toBe(403);
  });
});

describe('POST /v1/charge/pay', () => {
  const pay = (chargeId: string, extra: Record<string, unknown> = {}) =>
    call(sandbox, 'POST', '/v1/charge/pay', { _id: chargeId, companyId: COMPANY, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: PAID_PROFILE, ...extra }, {});

  it('no captcha: 401; a card pays it; PIX without a card answers PENDING_PAYMENT', async () => {
    const charge = (await create({ amount: 12.34 })).body;
    expect((await pay(charge._id, { captchaToken: undefined })).status).toBe(401);
    expect((await pay(charge._id, { paymentMethod: 'PIX', paymentProfile: undefined })).body).toMatchObject({ status: 'PENDING_PAYMENT', charge: { status: 'PENDING_PAYMENT' } });
    expect((await pay(charge._id)).body).toMatchObject({ charge: { status: 'PAID' }, transaction: { status: 'PAID', amount: { value: 1234 }, chargeId: charge._id } });
    expect((await pay(charge._id, { paymentProfile: undefined, paymentMethod: 'CREDIT_CARD' })).body.error_messages).toEqual([expect.objectContaining({ path: 'token' })]);
  });

  it('referenceId is kept: on the card payment it made (3-D Secure too) and on the PIX the bank settles; GET /v1/transaction shows it', async () => {
    const card = (await create({ amount: 3 })).body;
    const paid = (await pay(card._id, { referenceId: 'ord_1:pay:1' })).body.transaction;
    expect(paid).toMatchObject({ status: 'PAID', referenceId: 'ord_1:pay:1' });
    const listed = (await call(sandbox, 'GET', `/v1/transaction?companyId=${COMPANY}&chargeId=${card._id}`)).body.items;
    expect(listed.map((t: { referenceId?: string }) => t.referenceId)).toEqual(['ord_1:pay:1']);
    const challenged = (await create({ amount: 4 })).body;
    const pending = (await pay(challenged._id, { referenceId: 'ord_2', paymentProfile: CHALLENGE_PROFILE })).body.transaction;
    expect(pending).toMatchObject({ status: 'PENDING_3DS', referenceId: 'ord_2' });
    // No referenceId sent: none kept (not an empty string).
    const plain = (await create({ amount: 5 })).body;
    expect((await pay(plain._id)).body.transaction).not.toHaveProperty('referenceId');

    const slip = (await create({ amount: 6 })).body;
    expect((await pay(slip._id, { paymentMethod: 'PIX', paymentProfile: undefined, referenceId: 'ord_3' })).body.charge.slip).toMatchObject({ paymentMethod: 'PIX', referenceId: 'ord_3' });
    const settled = await call(sandbox, 'POST', '/sandbox/v1/charges/settle', { companyId: COMPANY, chargeId: slip._id, paymentMethod: 'PIX' });
    expect(settled.body.transaction).toMatchObject({ status: 'PAID', paymentMethod: 'PIX', referenceId: 'ord_3' });
  });

  it('ten payments racing on one charge: exactly one PAID', async () => {
    const charge = (await create({ amount: 5 })).body;
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(charge._id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && a.body.error_messages[0].msg === 'the charge is already paid')).toHaveLength(9);
  });
});

describe('PIX and BOLETO', () => {
  const payBy = (chargeId: string, paymentMethod: string) =>
    call(sandbox, 'POST', '/v1/charge/pay', { _id: chargeId, companyId: COMPANY, paymentMethod, captchaToken: SANDBOX_CAPTCHA_TOKEN }, {});

  it('PIX answers a dynamic BR Code for the charge (its txid, the amount beside it, a valid CRC16); the bank settles it: PAID with a PIX transaction', async () => {
    const charge = (await create({ amount: 77.7 })).body;
    const { body } = await payBy(charge._id, 'PIX');
    expect(body).toMatchObject({ status: 'PENDING_PAYMENT', charge: { status: 'PENDING_PAYMENT', slip: { txid: body.pix.txid } }, pix: { amount: 7770 } });
    expect(body.pix.txid.startsWith(charge._id)).toBe(true);
    expect(crc16(body.pix.brCode.slice(0, -4))).toBe(body.pix.brCode.slice(-4));
    // The QR image is a PNG that a reader (jsQR, a library of its own) decodes back to the BR Code.
    const png = PNG.sync.read(Buffer.from(body.pix.qrCodeImage.replace(/^data:image\/png;base64,/, ''), 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(body.pix.brCode);
    const settled = await call(sandbox, 'POST', '/sandbox/v1/charges/settle', { companyId: COMPANY, chargeId: charge._id, paymentMethod: 'PIX' });
    expect(settled.body).toMatchObject({ charge: { status: 'PAID' }, transaction: { status: 'PAID', paymentMethod: 'PIX', amount: { value: 7770 } } });
    expect((await call(sandbox, 'POST', '/sandbox/v1/charges/settle', { companyId: COMPANY, chargeId: charge._id, paymentMethod: 'PIX' })).status).toBe(400);
  });

  it('the sandbox-only expire call: the waiting PIX becomes a DISCARDED transaction and an attempt; the charge stays payable; nothing waiting is 400', async () => {
    const charge = (await create({ amount: 12 })).body;
    const expire = () => call(sandbox, 'POST', '/sandbox/v1/charges/expire', { companyId: COMPANY, chargeId: charge._id });
    expect((await expire()).body.error_messages).toEqual([expect.objectContaining({ path: 'chargeId' })]);
    await payBy(charge._id, 'PIX');
    const { status, body } = await expire();
    expect(status).toBe(200);
    expect(body.transaction).toMatchObject({ status: 'DISCARDED', paymentMethod: 'PIX', chargeId: charge._id, amount: { value: 1200 } });
    expect(body.charge).toMatchObject({ status: 'ACTIVE', attempts: 1 });
    expect(body.charge.slip).toBeUndefined();
    expect((await expire()).status).toBe(400);
    expect((await payBy(charge._id, 'PIX')).body.charge.slip).toMatchObject({ paymentMethod: 'PIX' });
  });

  it('BOLETO answers a barcode and linha digitável for the amount and due date', async () => {
    const charge = (await create({ amount: 123.45, dueDate: '2030-06-15' })).body;
    const { body } = await payBy(charge._id, 'BOLETO');
    expect(body.boleto).toMatchObject({ dueDate: '2030-06-15', barcode: expect.stringMatching(/^\d{44}$/), digitableLine: expect.stringMatching(/^\d{47}$/) });
    expect(body.boleto.barcode.slice(5, 9)).toBe(dueFactor('2030-06-15'));
    expect(body.boleto.barcode.slice(9, 19)).toBe('0000012345');
  });

  // Issue 39: what a printed boleto shows (the sandbox's fields beside the reference's), so a page can print it.
  it('BOLETO answers what a printed boleto shows: the amount, the beneficiary, the payer (the charge\'s client)', async () => {
    const charge = (await create({ amount: 123.45, dueDate: '2030-06-15' })).body;
    const { body } = await payBy(charge._id, 'BOLETO');
    expect(body.boleto).toMatchObject({ amount: 12345, beneficiary: { name: 'SVC SANDBOX', taxId: '12345678000195' }, payer: { name: 'Cliente Teste', taxId: clientDoc.doc } });
    expect(clientDoc.doc).toMatch(/^\d{11}$|^\d{14}$/);
  });
});
