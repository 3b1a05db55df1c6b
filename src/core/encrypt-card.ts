// validate -> plaintext -> AES-256-GCM under a fresh key, wrapped with RSA-OAEP-256
// (TOKEN-FORMAT.md "Encryption, step by step").
import { toBase64Url, utf8 } from '../internal/base64.js';
import { CEK_BYTES, IV_BYTES, additionalData, assembleToken } from '../internal/token-format.js';
import { pemToSpki } from './pem.js';
import { forgetPublicKey, importPublicKey } from './public-key.js';
import { SvcCardError } from '../internal/errors.js';
import type { CardInput, EncryptCardResult } from './types.js';
import { publicKeyError, validateCard } from './validate.js';

/**
 * The error `encryptCard` rejects with when the page cannot encrypt (no `crypto.subtle`, e.g. plain http).
 *
 * @example
 * try { await encryptCard(card); } catch (e) { if (e instanceof SecureContextError) showHttpsRequired(); }
 */
export class SecureContextError extends SvcCardError<'SECURE_CONTEXT_REQUIRED'> {
  constructor() {
    super('SecureContextError', 'SECURE_CONTEXT_REQUIRED', 'encryptCard needs a secure context (HTTPS) for crypto.subtle');
  }
}

// The AAD of the last keyId: a page uses one keyId, so the header is encoded once.
let aadKeyId = ''; // never a valid keyId: the first call sets aad
let aad: Uint8Array<ArrayBuffer>;

/**
 * Validates a card and encrypts it into the token that the merchant's server forwards as `token`.
 * Resolves for every input, even one off its type (read defensively: JavaScript callers, parsed JSON);
 * rejects only with {@link SecureContextError} when WebCrypto is absent.
 *
 * @example
 * const result = await encryptCard({ publicKey, holder: 'MARIA DA SILVA', number: '4111 1111 1111 1111',
 *   expMonth: '03', expYear: '2030', securityCode: '123' });
 * if (result.hasErrors) showErrors(result.errors); else await sendToServer(result.encryptedCard);
 */
export async function encryptCard(input: CardInput): Promise<EncryptCardResult> {
  const [errors, payload, keyId, key] = validateCard(input);
  const subtle = globalThis.crypto?.subtle;
  // Without WebCrypto only a PEM's syntax can be checked (a JWK's was): bad fields are still worth reporting.
  const publicKey = key && (subtle ? await importPublicKey(key) : typeof key == 'object' || pemToSpki(key));
  if (key && !publicKey) errors.push(publicKeyError(key));
  if (errors.length) return { hasErrors: true, errors, encryptedCard: null };
  if (!subtle) throw new SecureContextError();

  // One CSPRNG draw for CEK, jti and IV (steps 1 and 4): each call has a fixed cost. The CEK is
  // imported raw and encrypted with RSA-OAEP directly, as jose does: in Node this is about twice
  // as fast as generateKey + wrapKey, and the token is the same.
  const random = crypto.getRandomValues(new Uint8Array(CEK_BYTES + 16 + IV_BYTES));
  const cekBytes = random.subarray(0, CEK_BYTES);
  const iv = random.subarray(CEK_BYTES + 16);
  // Object.assign, not a spread: measurably faster here, and payload is this call's own object.
  const plaintext = utf8(JSON.stringify(Object.assign(payload, { iat: Math.floor(Date.now() / 1000), jti: toBase64Url(random.subarray(CEK_BYTES, CEK_BYTES + 16)) })));
  if (keyId !== aadKeyId) aad = additionalData((aadKeyId = keyId));
  // RSA-OAEP starts at once, beside importKey -> AES-GCM rather than after the import. Both calls
  // copy cekBytes when made (WebCrypto "get a copy of the bytes"), so zeroing them next is safe:
  // WebCrypto has its own copy, and the raw key does not linger in page memory.
  // Fixed now: a concurrent call with another keyId may replace `aad` while this one awaits.
  const aes = { name: 'AES-GCM', iv, additionalData: aad, tagLength: 128 }; // 128 is the default; spelt out (step 5)
  const sealing = Promise.all([
    subtle.encrypt({ name: 'RSA-OAEP' }, publicKey as CryptoKey, cekBytes),
    subtle.importKey('raw', cekBytes, 'AES-GCM', false, ['encrypt']).then((cek) => subtle.encrypt(aes, cek, plaintext)),
  ]);
  cekBytes.fill(0);
  let encryptedKey: ArrayBuffer, sealed: ArrayBuffer;
  try {
    [encryptedKey, sealed] = await sealing;
  } catch {
    // Only RSA can fail here: a key that imports but is no RSA key (even modulus, e > n; WebCrypto
    // checks neither on import). Reported like any bad key, and not kept for the next call.
    forgetPublicKey(key);
    return { hasErrors: true, errors: [publicKeyError(key)], encryptedCard: null };
  }
  return { hasErrors: false, errors: errors as [] /* empty */, encryptedCard: assembleToken(keyId, encryptedKey, iv, sealed) };
}
