// The first row of the acceptance table: shape, base64 and lengths (TOKEN-FORMAT.md
// "The token"). Lengths are capped before any regular expression sees a string, so
// megabyte inputs are refused in constant time.
import { safeOwnMember } from '../internal/members.js';
import { IV_BYTES, KEY_ID_PATTERN, TAG_BYTES } from '../internal/token-format.js';
import { decodeBase64 } from './base64.js';
import { malformed as malformedAt } from './errors.js';

/** The token's members, decoded. */
export interface ParsedToken {
  keyId: string;
  encryptedKey: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: Uint8Array<ArrayBuffer>;
  authTag: Uint8Array<ArrayBuffer>;
}

type Member = keyof ParsedToken;

// Base64 characters at most; iv and authTag are then checked by byte count. encryptedKey:
// a 16384-bit modulus is 2732; ciphertext: the step 1 plaintext is well under 2 KiB.
const MAX_CHARS: Record<Member, number> = { keyId: 64, encryptedKey: 2732, iv: 64, ciphertext: 16384, authTag: 64 };

const malformed = (member: string, expected: string) => malformedAt(`token${member ? `.${member}` : ''}`, expected);

function text(token: object, member: Member): string {
  const value = safeOwnMember(token, member); // a throwing getter or Proxy counts as missing
  if (typeof value !== 'string') throw malformed(member, `a string, got ${value === null ? 'null' : typeof value}`);
  if (value.length > MAX_CHARS[member]) throw malformed(member, `at most ${MAX_CHARS[member]} characters, got ${value.length}`);
  return value;
}

function bytes(token: object, member: Exclude<Member, 'keyId'>, length?: number): Uint8Array<ArrayBuffer> {
  const decoded = decodeBase64(text(token, member));
  if (!decoded) throw malformed(member, 'standard base64 with padding (RFC 4648 section 4)');
  if (length !== undefined && decoded.length !== length) throw malformed(member, `${length} bytes, got ${decoded.length}`);
  return decoded;
}

/** Array.isArray that answers for a revoked Proxy too (it throws there). */
export function isArrayOrHostile(value: unknown): boolean {
  try {
    return Array.isArray(value);
  } catch {
    return true;
  }
}

/** Decodes the five members or throws TOKEN_MALFORMED naming the first bad one. */
export function parseToken(token: unknown): ParsedToken {
  if (token === null || typeof token !== 'object' || isArrayOrHostile(token)) {
    throw malformed('', `an object with keyId, encryptedKey, iv, ciphertext and authTag, got ${token === null ? 'null' : typeof token !== 'object' ? typeof token : 'an array or a revoked Proxy'}`);
  }
  const keyId = text(token, 'keyId');
  if (!KEY_ID_PATTERN.test(keyId)) throw malformed('keyId', '1 to 64 of A-Z a-z 0-9 . _ -');
  return {
    keyId,
    encryptedKey: bytes(token, 'encryptedKey'),
    iv: bytes(token, 'iv', IV_BYTES),
    ciphertext: bytes(token, 'ciphertext'),
    authTag: bytes(token, 'authTag', TAG_BYTES),
  };
}
