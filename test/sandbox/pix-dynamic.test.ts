// A charge's PIX is a dynamic cob (payment/pix-cob.ts, routes/pix.ts): every BR Code
// read by pix-utils (an independent parser), every payload checked as a JWS by jose
// against the key set the sandbox publishes, its status through each ending.
import { parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { sandboxWithClientAndProduct } from './support/fixtures.js';
import { bankReads as bankReadsIn } from './support/pix-bank.js';
import { COMPANY, DEMO_CHARGE, SANDBOX_CAPTCHA_TOKEN, call } from './support/sandbox.js';

let sandbox: Sandbox;
let clientId: string;
let productId: string;
sandboxWithClientAndProduct((made) => ({ sandbox, clientId, productId } = made));

const create = async (amount: number) => (await call(sandbox, 'POST', '/v1/charge', { companyId: COMPANY, clientId, productId, dueDate: '2030-01-10', amount })).body;
const payByPix = async (chargeId: string) => (await call(sandbox, 'POST', '/v1/charge/pay', { _id: chargeId, companyId: COMPANY, paymentMethod: 'PIX', captchaToken: SANDBOX_CAPTCHA_TOKEN }, {})).body;

const bankReads = (brCode: string) => bankReadsIn(sandbox, brCode);

describe('a charge\'s PIX is dynamic', () => {
  it('the BR Code: DYNAMIC by pix-utils, the location in 26-25, no key, no amount, 62-05 "***", one use (01 "12"); the answer carries the amount and expiry', async () => {
    const charge = await create(77.7);
    const { pix } = await payByPix(charge._id);
    expect(parsePix(pix.brCode)).toMatchObject({ type: 'DYNAMIC', url: pix.location });
    expect(pix.location).toMatch(new RegExp(`^localhost:80/sandbox/v1/pix/${charge._id}\\.[0-9a-z]{11}$`));
    expect(pix.txid).toMatch(/^[A-Za-z0-9]{35}$/);
    expect(pix.txid.startsWith(charge._id)).toBe(true);
    expect(pix.brCode).not.toContain('pix@sandbox.svc-card.example');
    expect(pix.brCode).not.toContain('77.70');
    expect(pix.brCode).toMatch(/^00020101021226/);
    expect(pix.brCode).toContain('62070503***6304');
    expect(pix).toMatchObject({ amount: 7770, expiresIn: expect.any(Number) });
    // Until the end of the day after issue (UTC): more than a day, at most two.
    expect(pix.expiresIn).toBeGreaterThan(86_400);
    expect(pix.expiresIn).toBeLessThanOrEqual(2 * 86_400);
  });

  it('its payload: ATIVA with the amount, key, txid and expiry; CONCLUIDA once the bank settles it', async () => {
    const charge = await create(77.7);
    const { pix, charge: waiting } = await payByPix(charge._id);
    const payload = await bankReads(pix.brCode);
    expect(payload).toMatchObject({ txid: pix.txid, status: 'ATIVA', valor: { original: '77.70' }, chave: 'pix@sandbox.svc-card.example', calendario: { expiracao: pix.expiresIn } });
    expect(payload.calendario.criacao).toBe(waiting.slip.issuedAt);
    await call(sandbox, 'POST', '/sandbox/v1/charges/settle', { companyId: COMPANY, chargeId: charge._id, paymentMethod: 'PIX' });
    expect(await bankReads(pix.brCode)).toMatchObject({ txid: pix.txid, status: 'CONCLUIDA' });
  });

  it('expired: REMOVIDA_PELO_PSP (the sandbox withdraws it); the next PIX is a new cob, ATIVA', async () => {
    const charge = await create(12);
    const first = (await payByPix(charge._id)).pix;
    await call(sandbox, 'POST', '/sandbox/v1/charges/expire', { companyId: COMPANY, chargeId: charge._id });
    expect(await bankReads(first.brCode)).toMatchObject({ status: 'REMOVIDA_PELO_PSP' });
    const second = (await payByPix(charge._id)).pix;
    expect(second.txid).not.toBe(first.txid);
    expect(await bankReads(second.brCode)).toMatchObject({ txid: second.txid, status: 'ATIVA' });
    expect(await bankReads(first.brCode)).toMatchObject({ status: 'REMOVIDA_PELO_PSP' });
  });

  it('removed by the merchant: REMOVIDA_PELO_USUARIO_RECEBEDOR; the charge ACTIVE, no attempt counted', async () => {
    const charge = await create(30);
    const { pix } = await payByPix(charge._id);
    const removed = await call(sandbox, 'POST', '/sandbox/v1/charges/remove-pix', { companyId: COMPANY, chargeId: charge._id });
    expect(removed.body).toMatchObject({ status: 'ACTIVE', pixCob: { txid: pix.txid, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' } });
    expect(await bankReads(pix.brCode)).toMatchObject({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', valor: { original: '30.00' } });
    expect((await call(sandbox, 'POST', '/sandbox/v1/charges/remove-pix', { companyId: COMPANY, chargeId: charge._id })).body.error_messages).toEqual([expect.objectContaining({ path: 'chargeId' })]);
  });

  it('an unknown location, or one of a real charge stamped before it was made: 404; a malformed one: 400 naming cob', async () => {
    const charge = await create(5);
    const get = (cob: string) => sandbox.app.inject({ method: 'GET', url: `/sandbox/v1/pix/${cob}` });
    expect((await get('ffffffffffffffffffffffff.00000001abc')).statusCode).toBe(404);
    expect((await get(`${charge._id}.00000001abc`)).statusCode).toBe(404);
    const bad = await get('short');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('cob');
  });
});

describe('a PIX for a charge whose id is not the sandbox\'s hex (the seed\'s chg_demo_0001)', () => {
  it('the txid is still 35 letters and digits, the location finds the charge', async () => {
    const { pix } = await payByPix(DEMO_CHARGE);
    expect(pix.txid).toMatch(/^[A-Za-z0-9]{35}$/);
    expect(await bankReads(pix.brCode)).toMatchObject({ txid: pix.txid, status: 'ATIVA', valor: { original: '49.90' } });
  });

  it('a Host too long for the BR Code\'s 77-character location: 400 naming Host, nothing issued', async () => {
    const charge = await create(10);
    const answer = await sandbox.app.inject({ method: 'POST', url: '/v1/charge/pay', headers: { 'content-type': 'application/json', host: `${'a'.repeat(60)}.example:4010` }, payload: JSON.stringify({ _id: charge._id, companyId: COMPANY, paymentMethod: 'PIX', captchaToken: SANDBOX_CAPTCHA_TOKEN }) });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error_messages).toEqual([expect.objectContaining({ path: 'Host' })]);
    // Nothing waits on the charge: removing its PIX finds none.
    expect((await call(sandbox, 'POST', '/sandbox/v1/charges/remove-pix', { companyId: COMPANY, chargeId: charge._id })).status).toBe(400);
  });
});
