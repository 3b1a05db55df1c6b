// What "the same request" means for an Idempotency-Key (packages/sandbox/http/fingerprint.ts):
// member order and spacing never count, every value and member does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, requestFingerprint } from '../../packages/sandbox/http/fingerprint.js';

/** The same value with every object's members in reverse order. */
const reordered = (value: unknown): unknown => Array.isArray(value) ? value.map(reordered)
  : value !== null && typeof value === 'object' ? Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reordered(v)])) : value;

describe('canonical JSON and the request fingerprint', () => {
  it('property: a body with its members reordered and re-spaced has the same fingerprint, and canonical JSON reads back as the body', () => {
    fc.assert(fc.property(fc.jsonValue(), (body) => {
      const sent = JSON.parse(JSON.stringify(reordered(body), null, 2)) as unknown;
      expect(requestFingerprint('POST', '/v1/transaction', sent)).toBe(requestFingerprint('POST', '/v1/transaction', body));
      expect(JSON.parse(canonicalJson(body))).toEqual(JSON.parse(JSON.stringify(body)));
    }), { numRuns: 300 });
  });

  it('property: two bodies that differ as JSON values have different fingerprints', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
      fc.pre(canonicalJson(a) !== canonicalJson(b));
      expect(requestFingerprint('POST', '/v1/x', a)).not.toBe(requestFingerprint('POST', '/v1/x', b));
    }), { numRuns: 300 });
  });

  it('the method and the path count; nested members are sorted at every depth', () => {
    const body = { b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } };
    expect(canonicalJson(body)).toBe('{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}');
    expect(requestFingerprint('POST', '/v1/charge', body)).not.toBe(requestFingerprint('PUT', '/v1/charge', body));
    expect(requestFingerprint('POST', '/v1/charge', body)).not.toBe(requestFingerprint('POST', '/v1/client', body));
    expect(requestFingerprint('POST', '/v1/charge', { installments: 1 })).not.toBe(requestFingerprint('POST', '/v1/charge', {}));
  });
});
