// TOKEN-FORMAT.md "JWE mapping": the token is a JWE (RSA-OAEP-256, A256GCM) whose
// protected header is rebuilt from keyId, so any JWE library can take it, and back.
import type { EncryptedCard } from '../core/index.js';
import { fromBase64Url as decodeBase64Url, toBase64, toBase64Url, utf8 } from '../internal/base64.js';
import { hasOwnMember, ownMember } from '../internal/members.js';
import { KEY_ID_PATTERN, protectedHeader } from '../internal/token-format.js';
import { malformed, type TokenError } from './errors.js';
import { isArrayOrHostile, parseToken } from './parse-token.js';

/** Flattened JSON JWE serialization (RFC 7516 section 7.2.2), without unprotected members. */
export interface FlattenedJwe {
  protected: string;
  encrypted_key: string;
  iv: string;
  ciphertext: string;
  tag: string;
}

const MAX_JWE = 20000; // the sum of the token's member caps, re-encoded

function fromBase64Url(text: unknown, what: string): Uint8Array<ArrayBuffer> {
  const bytes = typeof text === 'string' && text.length <= MAX_JWE ? decodeBase64Url(text) : null;
  if (!bytes) throw malformed(what, 'base64url without padding');
  return bytes;
}

/** An own member's value; a throwing getter or Proxy trap makes the JWE malformed, never a TypeError. */
function member(jwe: object, name: string, presence = false): unknown {
  try {
    return presence ? hasOwnMember(jwe, name) : ownMember(jwe, name);
  } catch {
    throw malformed(`jwe.${name}`, 'a readable member');
  }
}

/** keyId from the protected header, which must be exactly the bytes of step 2 (they are the AAD). */
function keyIdOf(header: Uint8Array): string {
  let kid: unknown;
  try {
    kid = (JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(header)) as { kid?: unknown }).kid;
  } catch {
    kid = undefined;
  }
  if (typeof kid !== 'string' || !KEY_ID_PATTERN.test(kid) || toBase64(header) !== toBase64(utf8(protectedHeader(kid)))) {
    throw malformed('protected', 'exactly {"alg":"RSA-OAEP-256","enc":"A256GCM","kid":"<keyId>"}');
  }
  return kid;
}

/**
 * The flattened JSON JWE of a token (TOKEN-FORMAT.md "JWE mapping").
 * Throws a TOKEN_MALFORMED {@link TokenError} when the token is not one.
 *
 * @example
 * const { plaintext } = await jose.flattenedDecrypt(toFlattenedJwe(token), privateKey);
 */
export function toFlattenedJwe(token: unknown): FlattenedJwe {
  const t = parseToken(token);
  return {
    protected: toBase64Url(utf8(protectedHeader(t.keyId))),
    encrypted_key: toBase64Url(t.encryptedKey),
    iv: toBase64Url(t.iv),
    ciphertext: toBase64Url(t.ciphertext),
    tag: toBase64Url(t.authTag),
  };
}

/**
 * The token of a flattened JSON JWE. Unprotected headers and `aad` are refused: they are not part of the format.
 *
 * @example
 * const token = fromFlattenedJwe(await new jose.FlattenedEncrypt(bytes).setProtectedHeader(header).encrypt(publicKey));
 */
export function fromFlattenedJwe(jwe: unknown): EncryptedCard {
  if (jwe === null || typeof jwe !== 'object' || isArrayOrHostile(jwe)) throw malformed('jwe', 'a flattened JSON JWE object');
  for (const extra of ['aad', 'header', 'unprotected']) {
    if (member(jwe, extra, true)) throw malformed(`jwe.${extra}`, 'no such member (not part of TOKEN-FORMAT.md)');
  }
  const keyId = keyIdOf(fromBase64Url(member(jwe, 'protected'), 'jwe.protected'));
  const token: EncryptedCard = {
    keyId,
    encryptedKey: toBase64(fromBase64Url(member(jwe, 'encrypted_key'), 'jwe.encrypted_key')),
    iv: toBase64(fromBase64Url(member(jwe, 'iv'), 'jwe.iv')),
    ciphertext: toBase64(fromBase64Url(member(jwe, 'ciphertext'), 'jwe.ciphertext')),
    authTag: toBase64(fromBase64Url(member(jwe, 'tag'), 'jwe.tag')),
  };
  parseToken(token); // the same length rules as a token
  return token;
}

/**
 * The compact JWE of a token: `B64URL(header).B64URL(encryptedKey).B64URL(iv).B64URL(ciphertext).B64URL(authTag)`.
 *
 * @example
 * const { plaintext } = await jose.compactDecrypt(toCompactJwe(token), privateKey);
 */
export function toCompactJwe(token: unknown): string {
  const j = toFlattenedJwe(token);
  return [j.protected, j.encrypted_key, j.iv, j.ciphertext, j.tag].join('.');
}

/**
 * The token of a compact JWE whose protected header is exactly that of TOKEN-FORMAT.md step 2.
 *
 * @example
 * const card = await decryptor.decrypt(fromCompactJwe(jweFromAnotherSystem));
 */
export function fromCompactJwe(jwe: unknown): EncryptedCard {
  if (typeof jwe !== 'string' || jwe.length > MAX_JWE) throw malformed('jwe', `a compact JWE string of at most ${MAX_JWE} characters`);
  const parts = jwe.split('.');
  if (parts.length !== 5) throw malformed('jwe', `5 dot-separated parts, got ${parts.length}`);
  const [header, encryptedKey, iv, ciphertext, tag] = parts;
  return fromFlattenedJwe({ protected: header, encrypted_key: encryptedKey, iv, ciphertext, tag });
}
