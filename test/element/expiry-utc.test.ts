// @vitest-environment node
// Defect 9: the element judged expiry in the customer's local calendar and the sandbox in UTC,
// so on the last evening of a month in UTC-3 the form accepted a card the sandbox declined.
// One rule now, the sandbox's: a card is valid through the last day of its month in UTC.
// The time zone is faked for this file (Node reads TZ again when it is set).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkCard } from '../../src/element/validation.js';
import { detectBrand } from '../../src/shared/brands.js';
import { cardOutcome } from '../../packages/sandbox/payment/test-cards.js';

const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Sao_Paulo'; // UTC-3, no daylight saving since 2019
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
  vi.useRealTimers();
});

const card = { holder: 'ANA', number: '4111111111111111', securityCode: '123', holderDocument: '' };
const elementSays = (expiry: string) =>
  checkCard({ ...card, expiry }, detectBrand(card.number), [], new Date()).expiry.reason ?? 'valid';
const sandboxSays = (expiration: string) =>
  cardOutcome({ cardNumber: card.number, cardExpiration: expiration, holderName: 'ANA', cardCvv: '123' }, new Date()).status;

describe('expiry at a month\'s end, in UTC-3 (defect 9)', () => {
  it('the faked zone is in effect: 22:30 on 31 March in São Paulo is already April in UTC', () => {
    vi.useFakeTimers({ now: new Date('2030-04-01T01:30:00Z'), toFake: ['Date'] });
    expect([new Date().getDate(), new Date().getMonth()]).toEqual([31, 2]);
  });

  it('the evening of 31 March local: a 03/30 card is expired for the element, as the sandbox declines it', () => {
    vi.useFakeTimers({ now: new Date('2030-04-01T01:30:00Z'), toFake: ['Date'] });
    expect(sandboxSays('03/2030')).toBe('DECLINED');
    expect(elementSays('03/30')).toBe('expired');
    expect([elementSays('04/30'), sandboxSays('04/2030')]).toEqual(['valid', 'PAID']);
  });

  it('the afternoon of 31 March local (still March in UTC): both accept 03/30', () => {
    vi.useFakeTimers({ now: new Date('2030-03-31T18:00:00Z'), toFake: ['Date'] });
    expect([elementSays('03/30'), sandboxSays('03/2030')]).toEqual(['valid', 'PAID']);
  });

  it('too far ahead counts in UTC years too: 31 December 2029 at 22:30 local is 2030 in UTC', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T01:30:00Z'), toFake: ['Date'] });
    expect(elementSays('01/50')).toBe('valid'); // 2030 + 20
  });
});
