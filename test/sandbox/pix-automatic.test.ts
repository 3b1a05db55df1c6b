// PIX Automático's codes and payloads (billing/mandates.ts, routes/mandates.ts,
// the sandbox's extension): every BR Code read by pix-utils (an independent
// parser: RECURRENCE alone, DYNAMIC with a recurrence when it pays the first
// charge too), every recorrência payload checked as a JWS against the key set
// the sandbox publishes, and the requests the sandbox refuses.
import { compactVerify, createLocalJWKSet } from 'jose';
import { parsePix } from 'pix-utils';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

type Company = Awaited<ReturnType<typeof clockCompany>>;
const ask = (c: Company, subscriptionId: string, journey?: number) => c.as('POST', '/sandbox/v1/mandates', { companyId: c.companyId, subscriptionId, ...(journey ? { journey } : {}) });

/** What the payer's bank does with a location: fetch it, verify the JWS with the key its jku names, read the payload. */
async function fetchSigned(location: string) {
  const fetched = await sandbox.app.inject({ method: 'GET', url: location.slice(location.indexOf('/')) });
  expect(fetched.statusCode).toBe(200);
  expect(fetched.headers['content-type']).toMatch(/^application\/jose/);
  const jwks = (await sandbox.app.inject({ method: 'GET', url: '/sandbox/v1/pix-jwks' })).json();
  const { payload } = await compactVerify(fetched.body, createLocalJWKSet(jwks));
  return JSON.parse(new TextDecoder().decode(payload));
}

describe('the codes a mandate is authorised with', () => {
  it('journey 2 (default): a RECURRENCE BR Code by pix-utils, the recorrência\'s location in 80-25, no cob; its payload as the API Pix Automático lays it out', async () => {
    const c = await clockCompany(sandbox);
    const { subscription } = await c.v2();
    const { mandate, code, charge } = (await ask(c, subscription._id)).body;
    expect(charge).toBeUndefined();
    expect(mandate).toMatchObject({ status: 'PENDING', journey: 2, periodicity: 'MENSAL', amount: 1000, retryPolicy: 'PERMITE_3R_7D', subscriptionId: subscription._id, clientId: c.client._id });
    expect(mandate.idRec).toMatch(/^RR12345678\d{8}[A-Za-z0-9]{11}$/);
    expect(mandate.idRec.slice(10, 18)).toBe((await c.today()).replaceAll('-', ''));
    const parsed = parsePix(code.brCode);
    expect(parsed).toMatchObject({ type: 'RECURRENCE', urlRec: code.recurrenceLocation, merchantName: 'SVC SANDBOX', merchantCity: 'SAO PAULO' });
    expect(code.recurrenceLocation).toBe(`localhost:80/sandbox/v1/rec/${mandate._id}`);
    expect(code.qrCodeImage).toMatch(/^data:image\/png;base64,/);
    const payload = await fetchSigned(code.recurrenceLocation);
    expect(payload).toEqual({
      idRec: mandate.idRec,
      vinculo: { objeto: 'Plano', devedor: { cpf: '52998224725', nome: 'Ana' }, contrato: subscription._id },
      calendario: { dataInicial: subscription.nextChargeDate, periodicidade: 'MENSAL' },
      valor: { valorRec: '10.00' },
      recebedor: { ispbParticipante: '12345678', cnpj: '12345678000195', nome: 'SVC SANDBOX' },
      politicaRetentativa: 'PERMITE_3R_7D',
      atualizacao: [{ status: 'CRIADA', data: mandate.createdAt }],
    });
    await c.as('POST', '/sandbox/v1/mandates/bank', { companyId: c.companyId, mandateId: mandate._id, action: 'approve' });
    expect((await fetchSigned(code.recurrenceLocation)).atualizacao.map((u: { status: string }) => u.status)).toEqual(['CRIADA', 'APROVADA']);
  });

  it.each([3, 4])('journey %i: a DYNAMIC BR Code with a recurrence: the first charge\'s cob in 26-25 (ATIVA, its amount), the recorrência in 80-25', async (journey) => {
    const c = await clockCompany(sandbox);
    const { subscription, charge } = await c.v2();
    const { mandate, code, charge: issued } = (await ask(c, subscription._id, journey)).body;
    expect(mandate).toMatchObject({ journey, chargeId: charge._id });
    expect(issued).toMatchObject({ _id: charge._id, status: 'PENDING_PAYMENT', slip: { paymentMethod: 'PIX', txid: code.pix.txid } });
    const parsed = parsePix(code.brCode);
    expect(parsed).toMatchObject({ type: 'DYNAMIC', url: code.pix.location, urlRec: code.recurrenceLocation });
    expect(code.brCode).toMatch(/^00020101021226/);
    expect(await fetchSigned(code.pix.location)).toMatchObject({ txid: code.pix.txid, status: 'ATIVA', valor: { original: '10.00' } });
    expect(await fetchSigned(code.recurrenceLocation)).toMatchObject({ idRec: mandate.idRec, atualizacao: [{ status: 'CRIADA' }] });
  });

  it('journey 1: no code (the payer\'s bank is asked directly); the payload is still served', async () => {
    const c = await clockCompany(sandbox);
    const { subscription } = await c.v2();
    const answer = (await ask(c, subscription._id, 1)).body;
    expect(answer.code).toBeUndefined();
    expect(await fetchSigned(`localhost:80/sandbox/v1/rec/${answer.mandate._id}`)).toMatchObject({ idRec: answer.mandate.idRec });
  });
});

describe('what a mandate request refuses', () => {
  it('a card subscription, a second live mandate (409), journey 3 with nothing open, an unknown or foreign subscription, a period the Banco Central does not take', async () => {
    const c = await clockCompany(sandbox);
    const card = await c.v1();
    const onCard = await ask(c, card._id);
    expect(onCard.status).toBe(400);
    expect(onCard.body.error_messages).toEqual([expect.objectContaining({ path: 'subscriptionId', msg: expect.stringContaining('paid by CREDIT_CARD') })]);
    const { subscription, charge } = await c.v2();
    expect((await ask(c, subscription._id)).status).toBe(200);
    const twice = await ask(c, subscription._id);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'conflict', error_messages: [expect.objectContaining({ path: 'subscriptionId' })] });
    await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: charge._id, paymentMethod: 'PIX' });
    const { subscription: paidOne, charge: paidCharge } = await c.v2();
    await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: paidCharge._id, paymentMethod: 'PIX' });
    const nothingOpen = await ask(c, paidOne._id, 3);
    expect(nothingOpen.status).toBe(400);
    expect(nothingOpen.body.error_messages).toEqual([expect.objectContaining({ path: 'journey' })]);
    expect((await ask(c, 'ffffffffffffffffffffffff')).status).toBe(404);
    const other = await clockCompany(sandbox);
    const { subscription: foreign } = await other.v2();
    expect((await ask(c, foreign._id)).status).toBe(403);
    const weekly2 = await clockCompany(sandbox, { frequencyDays: 14 });
    const { subscription: fortnightly } = await weekly2.v2();
    const every14 = await ask(weekly2, fortnightly._id);
    expect(every14.status).toBe(400);
    expect(every14.body.error_messages[0].msg).toContain('renews every 14 days');
    expect((await ask(c, subscription._id, 5)).status).toBe(400);
  });

  it('the bank\'s action: maxAmount only with approve, count only (and always) with decline-debits; an unknown mandate 404; an unknown location 404', async () => {
    const c = await clockCompany(sandbox);
    const { subscription } = await c.v2();
    const { mandate } = (await ask(c, subscription._id)).body;
    const bank = (body: Record<string, unknown>) => c.as('POST', '/sandbox/v1/mandates/bank', { companyId: c.companyId, mandateId: mandate._id, ...body });
    expect((await bank({ action: 'reject', maxAmount: 100 })).body.error_messages).toEqual([expect.objectContaining({ path: 'maxAmount' })]);
    expect((await bank({ action: 'decline-debits' })).body.error_messages).toEqual([expect.objectContaining({ path: 'count' })]);
    expect((await bank({ action: 'approve', count: 1 })).body.error_messages).toEqual([expect.objectContaining({ path: 'count' })]);
    expect((await bank({ action: 'approve', maxAmount: 0 })).status).toBe(400);
    expect((await c.as('POST', '/sandbox/v1/mandates/bank', { companyId: c.companyId, mandateId: 'ffffffffffffffffffffffff', action: 'approve' })).status).toBe(404);
    expect((await sandbox.app.inject({ method: 'GET', url: '/sandbox/v1/rec/ffffffffffffffffffffffff' })).statusCode).toBe(404);
    expect((await sandbox.app.inject({ method: 'GET', url: '/sandbox/v1/rec/nothex' })).statusCode).toBe(400);
    // Nothing refused moved it.
    expect((await c.as('GET', `/sandbox/v1/mandates?mandateId=${mandate._id}`)).body).toMatchObject({ status: 'PENDING', history: [{ status: 'CRIADA' }] });
  });
});
