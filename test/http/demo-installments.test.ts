// The demo store (issue 11): the page offers the sandbox product's installment plans and
// price to the element, with the holder's CPF/CNPJ field on; POST /api/pay pays the order's charge
// (POST /v1/charge/pay, issue 41) in the chosen count of `installments`, refuses (400, naming the
// field) a count the product does not offer or a malformed document (checked by the store: charge/pay
// has no member for it), and the receipt names the plan. In-process (startDemo) so a test can change the product under the running store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { testKeysDir } from '../../e2e/support/demo-keys.mjs';
import { STORE_CUSTOMER } from '../../demo/merchant/store-customer.mjs';
import { DEMO_CHECKOUT_PRODUCT_ID } from '../../packages/sandbox/seed.js';
import { products } from '../../packages/sandbox/store/tables.js';
import { API_KEY } from './support/sandbox-api.js';
import { newShopper } from './support/shopper.js';

let demo: Demo;
beforeAll(async () => { demo = await startDemo({ port: 0, keysDir: testKeysDir() }); });
afterAll(async () => demo?.close());

const CPF = '52998224725';
const CNPJ = '11222333000181';
// Intl separates the currency sign with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

const sandboxProduct = async () => (await fetch(`${demo.sandboxUrl}/sandbox/v1/products/${DEMO_CHECKOUT_PRODUCT_ID}`, { headers: { apiKey: API_KEY } })).json();
const attributesOf = (html: string) => {
  const tag = html.match(/<svc-card-form[^>]*>/)![0];
  const attribute = (name: string) => tag.match(new RegExp(` ${name}="([^"]*)"`))?.[1];
  const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return { amount: attribute('amount'), installments: JSON.parse(unescape(attribute('installments')!)), holderDocument: / holder-document[ >]/.test(tag) };
};
const page = async (query: string) => (await fetch(`${demo.url}/${query}`)).text();
/** A card payment of a new order (a shopper who just opened the page). */
const pay = async (body: Record<string, unknown>) => (await newShopper(demo)).payByCard(body);
const transactionsMade = () => demo.sandbox.records.transactions.size;
const fullTransaction = async (id: string) => (await fetch(`${demo.sandboxUrl}/v1/transaction/full?transactionId=${id}`, { headers: { apiKey: API_KEY } })).json();

describe('the page', () => {
  it('gives the element the sandbox product\'s plans and price, and the holder-document field, in both modes and languages', async () => {
    const { charge } = await sandboxProduct();
    // The plan with interest carries the rates the merchant's server computed (12x R$ 12,10 of R$ 129,90: 1.76% a month, CET 23.23% a year).
    const installments = charge.paymentMethod[0].installments.map((plan: { installment: number }) => (plan.installment === 12 ? { ...plan, monthlyRate: 1.76, cet: 23.23 } : plan));
    for (const query of ['', '?lang=en', '?isolation=inline', '?isolation=inline&lang=en']) {
      const html = await page(query);
      expect({ query, ...attributesOf(html) }).toEqual({ query, amount: '12990', installments, holderDocument: true });
    }
  });

  it('the sandbox hint lists a paid and a declined card per brand, Elo first', async () => {
    const html = await page('?lang=en');
    const brands = [...html.matchAll(/<th scope="row">([^<]+)<\/th><td>([\d ]+)<\/td><td>([\d ]+)<\/td>/g)].map((m) => m[1]);
    expect(brands).toEqual(['Elo', 'Hipercard', 'Hiper', 'Visa', 'Mastercard', 'American Express', 'Diners Club', 'Discover', 'JCB', 'Aura', 'Cabal']);
    expect(html).toContain('use the Elo card 5066 9911 1111 1118 (paid)');
  });

  it('reads the plans live: a product changed in the sandbox changes the page and what /api/pay accepts', async () => {
    const original = (await products.get(demo.sandbox.db, 'company_demo', DEMO_CHECKOUT_PRODUCT_ID))!;
    const plans = [{ installment: 1 }, { installment: 6 }];
    await products.update(demo.sandbox.db, { ...original, charge: { ...original.charge!, paymentMethod: [{ type: 'CREDIT_CARD', active: true, installments: plans }] } });
    try {
      expect(attributesOf(await page('?isolation=inline')).installments).toEqual(plans);
      expect((await pay({ installments: 3, holderDocument: CPF })).body).toMatchObject({ outcome: 'invalid', field: 'installments' });
      expect((await pay({ installments: 6, holderDocument: CPF })).body).toMatchObject({ outcome: 'paid', installments: 6 });
    } finally {
      await products.update(demo.sandbox.db, original);
    }
  });
});

describe('POST /api/pay', () => {
  it('3x with a CPF: paid, the order\'s charge paid in 3 installments for the order amount, its client the store\'s customer; the receipt says R$ 129,90 em 3x de R$ 43,30', async () => {
    const { status, body } = await pay({ installments: 3, holderDocument: CPF, lang: 'pt-BR' });
    expect(status).toBe(200);
    expect(plain(body.message)).toBe('Pagamento aprovado: R$ 129,90 em 3x de R$ 43,30 sem juros (cartão final 1118). Obrigado pela compra!');
    const made = await fullTransaction(body.transactionId);
    expect(made).toMatchObject({ status: 'PAID', installments: 3, amount: { value: 12990 }, card: { brand: 'elo' }, client: { doc: STORE_CUSTOMER.doc }, chargeId: expect.stringMatching(/^[0-9a-f]{24}$/) });
  });

  // Issue 27: the plan is the price the shopper pays. Issue 41: the order's one charge is paid, for
  // the order's amount (the sandbox's rule: the count never changes the amount); the plan's
  // interest is the card's financing, which the shopper's card is billed: the receipt says that total.
  it('12x with interest: the charge is paid for the order amount in 12 installments, the receipt says the plan\'s total; the form entry\'s text "12" is read as 12; a CNPJ is a document too', async () => {
    const { body } = await pay({ installments: '12', holderDocument: CNPJ, lang: 'en' });
    expect(plain(body.message)).toBe('Payment approved: R$145.20 in 12x R$12.10 with interest (card ending in 1118). Thank you!');
    expect(body.amount).toBe(12990);
    expect(await fullTransaction(body.transactionId)).toMatchObject({ installments: 12, amount: { value: 12990 }, status: 'PAID' });
  });

  it('no choice is 1x; the receipt stays the plain one', async () => {
    const { body } = await pay({ lang: 'pt-BR' });
    expect(plain(body.message)).toBe('Pagamento aprovado: R$ 129,90 (cartão final 1118). Obrigado pela compra!');
    expect(await fullTransaction(body.transactionId)).toMatchObject({ installments: 1, amount: { value: 12990 } });
  });

  it('a count the product does not offer (a tampered page) is refused, naming installments, and nothing is charged', async () => {
    const before = transactionsMade();
    for (const installments of [2, 5, 13, 0, -3, 2.5, '3x', ' 3', [3], { n: 3 }, true]) {
      const { status, body } = await pay({ installments, holderDocument: CPF, lang: 'en' });
      expect({ installments, status, body }).toEqual({ installments, status: 400, body: {
        outcome: 'invalid', field: 'installments', message: 'The store does not offer that installment option. Please choose another.',
      } });
    }
    expect(transactionsMade()).toBe(before);
  });

  it('a malformed document is refused, naming holderDocument, in the page\'s language; nothing is charged', async () => {
    const before = transactionsMade();
    for (const holderDocument of ['529.982.247-25', '52998224724', '11111111111', '1122233300018', 'abc', 52998224725, ['52998224725']]) {
      const { status, body } = await pay({ installments: 3, holderDocument, lang: 'pt-BR' });
      expect({ holderDocument, status, body }).toEqual({ holderDocument, status: 400, body: {
        outcome: 'invalid', field: 'holderDocument', message: 'O CPF ou CNPJ do titular não é válido. Confira os dígitos.',
      } });
    }
    expect(transactionsMade()).toBe(before);
  });
});
