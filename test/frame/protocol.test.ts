// The port protocol (issue 9): only known, well-formed, versioned messages of a direction pass;
// anything else (unknown type or member, wrong type, old version, too long, throwing getters,
// a key offered to the frame) is dropped. Style values forwarded into the frame are checked.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_CHARS, message, readMessage } from '../../src/frame/protocol.js';
import { safeStyleValue } from '../../src/frame/style-props.js';
import { TO_FRAME } from '../../src/frame/to-frame.js';
import { HELLO, TO_PARENT } from '../../src/frame/to-parent.js';

const config = { lang: 'en', strings: { numberLabel: 'Número' }, acceptedBrands: ['visa'], disabled: false, keyId: 'v1', style: { '--svc-radius': '4px' },
  installments: [{ installment: 1 }, { installment: 12, fee: 2.5, installmentAmount: 12.1, totalAmount: 145.2, brands: ['visa'], monthlyRate: 1.76, cet: 23.23 }], amount: 12990, holderDocument: true };
const token = { keyId: 'v1', encryptedKey: 'AAAA', iv: 'AAAAAAAAAAAAAAAA', ciphertext: 'AA==', authTag: 'AAAAAAAAAAAAAAAAAAAAAA==' };

describe('readMessage', () => {
  it('passes the well-formed messages of each direction', () => {
    expect(readMessage(message('config', config), TO_FRAME)).toEqual({ type: 'config', body: config });
    expect(readMessage(message('encrypt', { id: 3 }), TO_FRAME)?.type).toBe('encrypt');
    // Issue 12: the page holds the card still while it pays; a flag, nothing else.
    expect(readMessage(message('hold', { on: true }), TO_FRAME)).toEqual({ type: 'hold', body: { on: true } });
    expect(readMessage(message('hold', { on: 'yes' }), TO_FRAME)).toBeNull();
    expect(readMessage(message('hold', { on: false, number: '4111' }), TO_FRAME)).toBeNull();
    expect(readMessage(message('encrypted', { encryptedCard: token, brand: 'visa', last4: '1111' }), TO_PARENT)?.type).toBe('encrypted');
    expect(readMessage(message('hello', { channel: 'a'.repeat(32) }), HELLO)?.type).toBe('hello');
  });

  it('drops what the frame must never take: a key, in any member', () => {
    expect(readMessage(message('config', { ...config, publicKey: '-----BEGIN PUBLIC KEY-----' }), TO_FRAME)).toBeNull();
    expect(readMessage(message('config', { ...config, strings: { numberLabel: { kty: 'RSA' } } }), TO_FRAME)).toBeNull();
    expect(readMessage(message('encrypt', { id: 1, publicKey: 'x' }), TO_FRAME)).toBeNull();
  });

  it('drops a message of the other direction, another version, a missing member or a bad type', () => {
    expect(readMessage(message('encrypted', { encryptedCard: token, brand: 'visa', last4: '1111' }), TO_FRAME)).toBeNull();
    expect(readMessage(message('config', config), TO_PARENT)).toBeNull();
    expect(readMessage({ ...message('encrypt', { id: 1 }), v: 2 }, TO_FRAME)).toBeNull();
    expect(readMessage(message('encrypt', {}), TO_FRAME)).toBeNull();
    expect(readMessage(message('encrypt', { id: -1 }), TO_FRAME)).toBeNull();
    expect(readMessage(message('focus', { field: 'cardNumber' }), TO_FRAME)).toBeNull();
    expect(readMessage(message('encrypted', { encryptedCard: token, brand: 'visa', last4: '4111111111111111' }), TO_PARENT)).toBeNull();
    expect(readMessage(message('hasOwnProperty'), TO_FRAME)).toBeNull();
    expect(readMessage(Object.assign(Object.create({ v: 1 }), { type: 'reset' }), TO_FRAME)).toBeNull();
  });

  it('takes the plans, the amount and the document flag only well-typed; the extras come back only beside a token', () => {
    for (const bad of [
      { installments: [{ installment: 3, fee: '2' }] }, { installments: [{ installment: 3, label: 'x' }] }, { installments: [{}] },
      { installments: [{ installment: 3, fee: -1 }] }, { installments: [{ installment: 3, brands: 'visa' }] }, { installments: 'x' },
      { installments: [{ installment: 3, monthlyRate: '1,76' }] }, { installments: [{ installment: 3, cet: -1 }] },
      { installments: Array.from({ length: 25 }, () => ({ installment: 1 })) }, { amount: 12.5 }, { amount: -1 }, { holderDocument: 'yes' },
    ]) expect(readMessage(message('config', { ...config, ...bad }), TO_FRAME), JSON.stringify(bad)).toBeNull();
    const { installments: _, ...withoutPlans } = config;
    expect(readMessage(message('config', withoutPlans), TO_FRAME)).toBeNull(); // a required member
    const encrypted = { encryptedCard: token, brand: 'elo', last4: '7013' };
    for (const extras of [{}, { installments: 3 }, { holderDocument: '52998224725' }, { installments: 12, holderDocument: '11222333000181' }]) {
      expect(readMessage(message('encrypted', { ...encrypted, ...extras }), TO_PARENT)?.body).toEqual({ ...encrypted, ...extras });
    }
    for (const bad of [{ installments: 0 }, { installments: 13 }, { installments: '3' }, { holderDocument: '529.982.247-25' }, { holderDocument: '5299822472' }, { holderDocument: undefined }]) {
      expect(readMessage(message('encrypted', { ...encrypted, ...bad }), TO_PARENT), JSON.stringify(bad)).toBeNull();
    }
  });

  // Issue 27: svc-change's chosen plan crosses in the change message, in cents and flags only.
  it('takes the chosen plan in a change message, absent or well-typed, and nothing more in it', () => {
    const fields = Object.fromEntries(['holder', 'number', 'expiry', 'securityCode', 'holderDocument'].map((f) => [f, { empty: true, complete: false, invalid: false }]));
    const change = { changed: true, complete: false, brand: 'unknown', errors: [], edits: 1, fields, validity: null, states: { busy: false } };
    const plan = { installments: 12, installmentCents: 1210, firstCents: 1210, totalCents: 14520, interestFree: false };
    expect(readMessage(message('change', change), TO_PARENT)?.body).toEqual(change);
    expect(readMessage(message('change', { ...change, plan }), TO_PARENT)?.body).toEqual({ ...change, plan });
    expect(readMessage(message('change', { ...change, plan: { ...plan, brands: ['visa'] } }), TO_PARENT)?.type).toBe('change');
    // Issue 39: the server's rates of the plan, as the page gave them.
    expect(readMessage(message('change', { ...change, plan: { ...plan, monthlyRate: 1.76, cet: 23.23 } }), TO_PARENT)?.type).toBe('change');
    for (const bad of [{ ...plan, cet: '23,23' }, { ...plan, monthlyRate: -1 }, { ...plan, totalCents: 145.2 }, { ...plan, number: '4111111111111111' }, { ...plan, interestFree: 'no' }, 'x', { installments: 12 }]) {
      expect(readMessage(message('change', { ...change, plan: bad }), TO_PARENT), JSON.stringify(bad)).toBeNull();
    }
  });

  it('drops a message over the size cap, even when every member is well-formed', () => {
    const letters = (i: number) => String.fromCharCode(97 + Math.floor(i / 26)) + String.fromCharCode(97 + (i % 26));
    const strings = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${letters(i)}`, 'x'.repeat(500)]));
    const under = message('config', { ...config, strings });
    expect(JSON.stringify(under).length).toBeLessThan(MAX_MESSAGE_CHARS);
    expect(readMessage(under, TO_FRAME)).not.toBeNull();
    const style = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`--svc-${letters(i)}`, '1'.repeat(200)]));
    const over = message('config', { ...config, strings, style });
    expect(JSON.stringify(over).length).toBeGreaterThan(MAX_MESSAGE_CHARS);
    expect(readMessage(over, TO_FRAME)).toBeNull();
  });

  it('never throws and never passes an unknown type or member (1,000 inputs)', () => {
    const types = [...Object.keys(TO_FRAME), ...Object.keys(TO_PARENT), 'x'];
    fc.assert(fc.property(fc.constantFrom(...types), fc.dictionary(fc.string(), fc.anything()), fc.constantFrom(TO_FRAME, TO_PARENT), (type, body, schema) => {
      const read = readMessage({ ...body, v: 1, type }, schema);
      if (read) {
        expect(Object.hasOwn(schema, type)).toBe(true);
        expect(read.body).toEqual(Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'v' && k !== 'type')));
      }
    }), { numRuns: 1000 });
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error('no'); }, get: () => { throw new Error('no'); } });
    expect(readMessage(hostile, TO_FRAME)).toBeNull();
  });
});

describe('safeStyleValue', () => {
  it('takes colours, sizes and font names', () => {
    for (const value of ['#0b57d0', 'rgb(0 0 0 / 50%)', '0.5rem 1rem', 'calc(1rem + 2px)', '"Inter", system-ui, sans-serif', '600']) expect(safeStyleValue(value), value).toBe(true);
  });
  it('refuses anything that can load or reference: url(), image-set(), var(), attr(), escapes, braces', () => {
    for (const value of ['url(https://x/y.png)', 'image-set("a.png" 1x)', 'var(--x)', 'attr(data-x)', 'u\\72l(x)', 'red; background: red', 'red}body{', 'expression(alert(1))', 'x'.repeat(201)]) {
      expect(safeStyleValue(value), value).toBe(false);
    }
  });
});
