// The demo store's PIX and boleto (issue 27) over HTTP: POST /api/pay with a method pays the
// order's charge by that method (POST /v1/charge/pay), answering what the page's handleNextAction
// shows; GET /api/order says pending until the sandbox's bank settles the charge (POST
// /sandbox/v1/charges/settle) and its webhook reaches the store, then paid with a receipt of what
// the API says was paid. A card payment's receipt is the API's answer too: amount, brand, last four, plan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { ELO_PAID_CARD } from '../../test-support/cards.mjs';
import { testKeysDir } from '../../e2e/support/demo-keys.mjs';
import { API_KEY, COMPANY } from './support/sandbox-api.js';
import { newShopper } from './support/shopper.js';

let demo: Demo;
beforeAll(async () => { demo = await startDemo({ port: 0, keysDir: testKeysDir() }); });
afterAll(async () => demo?.close());

const plain = (text = '') => text.replace(/\u00a0|\u202f/g, ' ');
// The order's state once the webhook of the bank's payment has come (a few dispatcher ticks).
const paidState = async (shopper: Awaited<ReturnType<typeof newShopper>>, lang = 'en') => {
  await expect.poll(async () => (await shopper.order()).outcome, { timeout: 10_000 }).toBe('paid');
  return shopper.order(lang);
};
const settle = (chargeId: string, paymentMethod: string) => fetch(`${demo.sandboxUrl}/sandbox/v1/charges/settle`, {
  method: 'POST', headers: { 'content-type': 'application/json', apiKey: API_KEY }, body: JSON.stringify({ companyId: COMPANY, chargeId, paymentMethod }),
});
const bank = (action: 'expire' | 'disable', chargeId: string) => fetch(`${demo.sandboxUrl}/sandbox/v1/charges/${action}`, {
  method: 'POST', headers: { 'content-type': 'application/json', apiKey: API_KEY }, body: JSON.stringify({ companyId: COMPANY, chargeId }),
});
const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('PIX and boleto on the demo store', () => {
  it('the page offers the product\'s methods, in its order, to <svc-payment-methods>', async () => {
    const html = await (await fetch(`${demo.url}/?lang=en`)).text();
    expect(html.match(/<svc-payment-methods[^>]*methods="([^"]*)"/)?.[1]).toBe('card pix boleto');
  });

  it('PIX: the QR and copy-paste code of a charge at the product\'s price; pending until the bank settles it, then paid with its receipt', async () => {
    const shopper = await newShopper(demo);
    const { status, body } = await shopper.pay({ method: 'pix', lang: 'en' });
    expect(status).toBe(200);
    const chargeId = body.next.charge._id;
    expect(body).toMatchObject({ outcome: 'pending', message: 'PIX created: the order is confirmed as soon as the bank tells us it was paid.', next: { paymentMethod: 'PIX', status: 'PENDING_PAYMENT', charge: { slip: { paymentMethod: 'PIX', expiresOn: dayAfter(1) } } } });
    expect(body.next.pix.brCode).toMatch(/^000201/);
    expect(body.next.pix.qrCodeImage).toMatch(/^data:image\/png;base64,/);
    expect(await shopper.order()).toEqual({ outcome: 'pending', message: 'Still waiting for the payment.' });
    expect((await settle(chargeId, 'PIX')).status).toBe(200);
    const paid = await paidState(shopper, 'pt-BR');
    expect({ ...paid, message: plain(paid.message), receipt: paid.receipt.map(([label, value]: string[]) => [label, plain(value)]) }).toEqual({
      outcome: 'paid', message: 'Pagamento recebido: R$ 129,90 por PIX. Obrigado pela compra!', transactionId: expect.stringMatching(/^[0-9a-f]{24}$/), amount: 12990,
      receipt: [['Valor pago', 'R$ 129,90'], ['Forma de pagamento', 'PIX']],
    });
  });

  it('boleto: the digitable line due in 3 days; paid once settled', async () => {
    const shopper = await newShopper(demo, 'pt-BR');
    const { status, body } = await shopper.pay({ method: 'boleto', lang: 'pt-BR' });
    expect(status).toBe(200);
    expect(body.message).toBe('Boleto gerado: pague até o vencimento; o pedido é confirmado assim que o banco avisar do pagamento.');
    expect(body.next.boleto).toMatchObject({ digitableLine: expect.stringMatching(/^\d{47}$/), dueDate: dayAfter(3) });
    // The boleto's PIX (bolepix, issue 40) goes to the page with it: the boleto's panel shows both.
    expect(body.next.pix.location).toContain('/sandbox/v1/cobv/');
    expect((await shopper.order()).outcome).toBe('pending');
    expect((await settle(body.next.charge._id, 'BOLETO')).status).toBe(200);
    expect((await paidState(shopper, 'en')).receipt.slice(0, 2).map(([label, value]: string[]) => [label, plain(value)])).toEqual([['Amount paid', 'R$129.90'], ['Payment method', 'Boleto']]);
  });

  it('boleto paid by its PIX (bolepix, issue 40): the order paid once, the receipt says PIX; the line then refused by the bank', async () => {
    const shopper = await newShopper(demo, 'pt-BR');
    const { body } = await shopper.pay({ method: 'boleto', lang: 'pt-BR' });
    expect((await settle(body.next.charge._id, 'PIX')).status).toBe(200);
    expect((await paidState(shopper, 'en')).receipt.slice(0, 2).map(([label, value]: string[]) => [label, plain(value)])).toEqual([['Amount paid', 'R$129.90'], ['Payment method', 'PIX']]);
    expect((await settle(body.next.charge._id, 'BOLETO')).status).toBe(400);
  });

  // Issue 39: the page waited on after the bank had ended the PIX ("Aguardando o pagamento…" 8 s after
  // the expire action). The store learns it from the verified webhook (the charge's DISCARDED
  // transaction in the ledger; a cancellation from the charge's status), and says it within 2 s.
  it('PIX expired by the bank: the order says expired within 2 s, with the next step; paying again makes a new PIX', async () => {
    const shopper = await newShopper(demo);
    const { body } = await shopper.pay({ method: 'pix', lang: 'en' });
    const chargeId = body.next.charge._id;
    expect((await bank('expire', chargeId)).status).toBe(200);
    const started = Date.now();
    await expect.poll(async () => (await shopper.order()).outcome, { timeout: 10_000, interval: 100 }).toBe('expired');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await shopper.order()).toEqual({ outcome: 'expired', message: 'The time to pay is over: the code is no longer valid. Please choose how to pay again.' });
    const again = await shopper.pay({ method: 'pix', lang: 'en' });
    expect(again.body).toMatchObject({ outcome: 'pending', next: { charge: { _id: chargeId } } });
    expect(again.body.next.charge.slip.issuedAt > body.next.charge.slip.issuedAt).toBe(true);
    expect((await shopper.order()).outcome).toBe('pending');
  });

  it('boleto cancelled (the charge switched off): the order says canceled within 2 s, and the checkout page opens a new order', async () => {
    const shopper = await newShopper(demo, 'pt-BR');
    const { body } = await shopper.pay({ method: 'boleto', lang: 'pt-BR' });
    expect(body.next.boleto).toMatchObject({ amount: 12990, beneficiary: { name: 'SVC SANDBOX' }, payer: { name: expect.any(String), taxId: expect.stringMatching(/^\d{11}$|^\d{14}$/) } });
    expect((await bank('disable', body.next.charge._id)).status).toBe(200);
    const started = Date.now();
    await expect.poll(async () => (await shopper.order()).outcome, { timeout: 10_000, interval: 100 }).toBe('canceled');
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await shopper.order()).message).toBe('O banco cancelou este pagamento e ele não pode mais ser pago. Comece uma nova compra para pagar.');
    const page = await fetch(`${demo.url}/?lang=pt-BR`, { headers: { cookie: shopper.cookie } });
    await page.text();
    expect(page.headers.get('set-cookie')?.split(';')[0]).not.toBe(shopper.cookie);
  });

  it('a method the product does not offer is refused on method, nothing made; without the order\'s cookie nothing is paid and the order is not read', async () => {
    const shopper = await newShopper(demo);
    const before = demo.sandbox.records.transactions.size;
    for (const method of ['bitcoin', 'CREDIT_CARD', 42]) expect(await shopper.pay({ method, lang: 'en' })).toEqual({ status: 400, body: { outcome: 'invalid', field: 'method', message: 'The store does not offer that payment method. Please choose another.' } });
    const noCookie = await fetch(`${demo.url}/api/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'pix', lang: 'en' }) });
    expect({ status: noCookie.status, body: await noCookie.json() }).toEqual({ status: 409, body: { outcome: 'no-order', message: 'Your checkout session has ended. Reload the page to continue.' } });
    for (const cookie of ['demo_order=nope', 'demo_order=AAAAAAAAAAAAAAAAAAAAAA']) expect((await fetch(`${demo.url}/api/order`, { headers: { cookie } })).status).toBe(409);
    expect(demo.sandbox.records.transactions.size).toBe(before);
  });

  it('a card payment\'s receipt is the API\'s answer: amount, brand, last four, plan', async () => {
    const { body } = await (await newShopper(demo, 'pt-BR')).payByCard({ installments: 12 });
    expect(body.outcome).toBe('paid');
    expect(body.receipt.map(([label, value]: string[]) => [label, plain(value)])).toEqual([
      ['Valor pago', 'R$ 145,20'], ['Forma de pagamento', `Cartão Elo final ${ELO_PAID_CARD.number.replace(/\s/g, '').slice(-4)}`],
      ['Parcelamento', '12x de R$ 12,10 com juros'],
    ]);
  });
});
