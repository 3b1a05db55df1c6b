// The service's configured private keys -> the public JWKS (RFC 7517 section 5) that the card
// frame fetches from its own origin (issue 9): the frame encrypts only with these keys.
import { createPublicKey } from 'node:crypto';
import type { PublicJwk } from '../core/index.js';
import { importPrivateKeys, type KeysOption } from './private-keys.js';

/** A JSON Web Key Set of the public halves, one entry per keyId, in the order given. */
export interface PublicJwks {
  keys: (PublicJwk & { kid: string })[];
}

/**
 * Builds the public JWKS from the same `keys` option `createDecryptor` takes, checking them by the
 * same rules (rejects with `InvalidOptionError` naming the bad key). Serve it as
 * `application/jwk-set+json` next to the card frame, e.g. at `/.well-known/svc-card/jwks.json`.
 *
 * @example
 * const jwks = await publicJwks({ v1: readFileSync('keys/v1.private.pem', 'utf8') });
 * app.get('/.well-known/svc-card/jwks.json', () => jwks);
 */
export async function publicJwks(keys: KeysOption): Promise<PublicJwks> {
  const imported = await importPrivateKeys(keys);
  return {
    keys: [...imported].map(([kid, pool]) => {
      // Only n and e are taken out.
      const { n, e } = createPublicKey(pool.keyObject).export({ format: 'jwk' });
      return { kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc', kid, n: n!, e: e! };
    }),
  };
}
