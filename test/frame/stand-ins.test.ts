// The card frame's key check (src/frame/page/stand-ins.ts, in place of the element's in the
// frame's build): the frame's key comes from its JWKS, so a problem is named by the key-id asked
// and the JWKS, never by a public-key attribute the merchant's page does not have.
import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PublicJwk } from '../../src/core/index.js';
import { checkPublicKey } from '../../src/frame/page/stand-ins.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';

const jwkOf = (file: string, kid: string) =>
  ({ ...createPublicKey(readSharedKey(file)).export({ format: 'jwk' }), alg: 'RSA-OAEP-256', use: 'enc', kid }) as PublicJwk;

describe("the card frame's key check", () => {
  it('passes the JWKS key asked for', async () => {
    expect(await checkPublicKey(jwkOf('rsa-2048-public.pem', 'v1'), 'v1')).toBeNull();
  });

  it('names the key-id and the JWKS when the JWKS has no such key (the bridge then gives none)', async () => {
    const bad = await checkPublicKey('', 'retired-2025');
    expect(bad?.errors.map((e) => e.code)).toEqual(['INVALID_PUBLIC_KEY']);
    expect(bad?.message).toBe(`<svc-card-form> key-id "retired-2025": no such encryption key in the card frame's JWKS, or the JWKS could not be loaded`);
    expect((await checkPublicKey('', ''))?.message).toBe(`<svc-card-form> key-id (none: the first key): no such encryption key in the card frame's JWKS, or the JWKS could not be loaded`);
  });

  it('names the key-id when the JWKS key is one encryptCard refuses (RSA under 2048 bits)', async () => {
    const bad = await checkPublicKey(jwkOf('rsa-1024-public.pem', 'v1'), 'v1');
    expect(bad?.message).toBe(`<svc-card-form> key-id "v1": the card frame's JWKS gives no RSA public key of 2048+ bits for it`);
    expect(bad?.message).not.toContain('public-key');
  });

  it("passes a bad key-id's own reason on", async () => {
    const bad = await checkPublicKey(jwkOf('rsa-2048-public.pem', 'x'.repeat(300)), 'x'.repeat(300));
    expect(bad?.errors[0]?.field).toBe('keyId');
    // The core's reason without its own "keyId: " (the key-id is named once, first).
    expect(bad?.message).toBe(`<svc-card-form> key-id "${'x'.repeat(300)}": expected 1-64 of A-Za-z0-9._-, got a string of length 300`);
    expect(bad?.message).not.toContain('public-key');
  });
});
