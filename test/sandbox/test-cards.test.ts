// The sandbox's test cards (packages/sandbox/payment/test-cards.json, issue 11): for every
// brand the checkout element detects, one paid and one declined number, each one
// the element itself accepts and detects as that brand; over the API each gets its
// listed outcome and the element's brand on the transaction.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { BRANDS, detectBrand } from '../../src/shared/brands.js';
import { luhnValid } from '../../src/element/luhn.js';
import { checkCard } from '../../src/element/validation.js';
import { TEST_CARDS } from '../../packages/sandbox/payment/test-cards.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { COMPANY, PAID_PROFILE, call, memorySandbox, tokenFor } from './support/sandbox.js';

describe('test-cards.json', () => {
  it('has a PAID and a DECLINED number for every brand the element detects', () => {
    for (const brand of BRANDS) {
      const statuses = TEST_CARDS.filter((card) => card.brand === brand.id).map((card) => card.status);
      // Other outcomes (IN_ANALYSIS: the fraud-review card, issue 23) come beside them.
      expect({ brand: brand.id, statuses: [...new Set(statuses)].filter((s) => s === 'PAID' || s === 'DECLINED').sort() }).toEqual({ brand: brand.id, statuses: ['DECLINED', 'PAID'] });
    }
  });

  it('every number is Luhn-valid, accepted by the element\'s own check and detected as its listed brand', () => {
    const now = new Date();
    for (const card of TEST_CARDS) {
      const brand = detectBrand(card.number);
      expect({ number: card.number, luhn: luhnValid(card.number), brand: brand?.id }).toEqual({ number: card.number, luhn: true, brand: card.brand });
      const values = { holder: 'MARIA DA SILVA', number: card.number, expiry: '03/40', securityCode: '1234'.slice(0, brand!.code.size), holderDocument: '' };
      expect(checkCard(values, brand, [], now).number, card.number).toEqual({ status: 'valid' });
    }
  });

  it('BIN and last four tell the cards apart (renewals and alerts find a card by them)', () => {
    const keys = TEST_CARDS.map((card) => `${card.number.slice(0, 6)}…${card.number.slice(-4)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('over POST /v1/transaction', () => {
  let sandbox: Sandbox;
  beforeAll(async () => { sandbox = await memorySandbox(); });
  afterAll(async () => sandbox?.close());

  it('each card gets its listed outcome and the element\'s brand, as paymentProfile', async () => {
    for (const card of TEST_CARDS) {
      const { status, body } = await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 1000, paymentProfile: { ...PAID_PROFILE, cardNumber: card.number } });
      expect(status).toBe(200);
      // A card that asks for a 3-D Secure challenge waits for it (three-ds.test.ts ends it).
      const challenged = card.threeDS === 'challenge' || card.threeDS === 'challenge_fails';
      expect({ number: card.number, status: body.status, message: challenged ? card.message : body.message, brand: body.card.brand })
        .toEqual({ number: card.number, status: challenged ? 'PENDING_3DS' : card.status, message: card.message, brand: card.brand });
    }
  });

  it('an Elo, a Hipercard and a Hiper token pay (the brands once declined as "not a test card")', async () => {
    for (const brand of ['elo', 'hipercard', 'hiper']) {
      const card = TEST_CARDS.find((c) => c.brand === brand && c.status === 'PAID')!;
      const token = await tokenFor({ holder: 'MARIA DA SILVA', number: card.number, expMonth: '03', expYear: String(new Date().getUTCFullYear() + 3), securityCode: '123' });
      const { body } = await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 12990, installments: 3, token });
      expect(body).toMatchObject({ status: 'PAID', installments: 3, card: { brand, last4: card.number.slice(-4) } });
    }
  });
});
