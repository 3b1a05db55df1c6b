// PIX BR Code (CRC16) and boleto (FEBRABAN check digits), checked against
// published values and independent re-computation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boleto, dueFactor } from '../../packages/sandbox/payment/boleto.js';
import { parsePix } from 'pix-utils';
import { brCode, crc16, dynamicBrCode } from '../../packages/sandbox/payment/pix.js';
import { expectValidBoleto } from './support/boleto-check.js';

describe('PIX BR Code', () => {
  it('CRC-16/CCITT-FALSE of "123456789" is 29B1 (the catalogue check value)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('the BR Code of the Banco Central manual example ends in its published CRC', () => {
    // Manual de Padrões para Iniciação do Pix, static example without amount.
    const example = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
    expect(crc16(example.slice(0, -4))).toBe('1D3D');
  });

  it('fields are TLV with two-digit lengths, and the CRC covers everything before it', () => {
    const code = brCode({ key: 'pix@example.com', cents: 12990, merchantName: 'Café do Vale Ltda', merchantCity: 'São Paulo', txid: 'chg-0001' });
    expect(code).toContain('5406129.90');
    expect(code).toContain('5917Cafe do Vale Ltda');
    expect(code).toContain('6009Sao Paulo');
    expect(code).toContain('62110507chg0001');
    expect(crc16(code.slice(0, -4))).toBe(code.slice(-4));
  });
});

describe('PIX BR Codes read by pix-utils (an independent parser)', () => {
  const name = fc.string({ minLength: 1, maxLength: 40 }).filter((text) => /[A-Za-z0-9]/.test(text));
  it('a static code: STATIC, the key, the amount, the payee and city as EMV ASCII, whatever the names and amount', () => {
    fc.assert(fc.property(name, name, fc.integer({ min: 1, max: 9_999_999_999 }), fc.stringMatching(/^[A-Za-z0-9]{1,25}$/), (merchantName, merchantCity, cents, txid) => {
      const parsed = parsePix(brCode({ key: 'pix@sandbox.svc-card.example', cents, merchantName, merchantCity, txid }));
      expect(parsed).toMatchObject({ type: 'STATIC', pixKey: 'pix@sandbox.svc-card.example', txid });
      expect(Math.round((parsed as { transactionAmount: number }).transactionAmount * 100)).toBe(cents);
    }), { numRuns: 300 });
  });

  it('a dynamic code: DYNAMIC, the location as given, no key; a location over 77 characters or with a scheme is refused', () => {
    fc.assert(fc.property(name, name, fc.stringMatching(/^[a-z0-9.:-]{1,25}\/[A-Za-z0-9._/-]{1,51}$/), (merchantName, merchantCity, location) => {
      const code = dynamicBrCode({ location, merchantName, merchantCity });
      expect(parsePix(code)).toMatchObject({ type: 'DYNAMIC', url: location });
      expect(code).toContain('62070503***');
      expect(crc16(code.slice(0, -4))).toBe(code.slice(-4));
    }), { numRuns: 300 });
    expect(() => dynamicBrCode({ location: `h/${'x'.repeat(76)}`, merchantName: 'A', merchantCity: 'B' })).toThrow(/77/);
    expect(() => dynamicBrCode({ location: 'https://h/x', merchantName: 'A', merchantCity: 'B' })).toThrow(/scheme/);
  });
});

describe('boleto', () => {
  it('due factor: 1000 on 2025-02-22 (the FEBRABAN restart), 9999 the day before', () => {
    expect(dueFactor('2025-02-22')).toBe('1000');
    expect(dueFactor('2025-02-21')).toBe('9999');
    expect(dueFactor('2000-07-03')).toBe('1000');
  });

  it('every generated boleto: the line holds the barcode, each field digit is mod 10, the general digit mod 11', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{25}$/), fc.integer({ min: 1, max: 9_999_999_999 }), fc.date({ min: new Date('2025-03-01'), max: new Date('2040-01-01'), noInvalidDate: true }), (freeField, cents, date) => {
      expectValidBoleto(boleto({ dueDate: date.toISOString().slice(0, 10), cents, freeField }), cents);
    }), { numRuns: 500 });
  });
});
