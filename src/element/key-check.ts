// The element's setup check: is `public-key` (with `key-id`) something encryptCard can use?
// Run when the key changes, so a wrong key shows up while the merchant builds the page,
// not when a customer pays. Only the key is looked at: never a card field.
import { encryptCard, type CardError, type CardInput, type PublicJwk } from '../core/index.js';

/** Why the key is refused, in the merchant's words (the PEM itself is public: no secret here). */
function problem(key: string | PublicJwk, error: CardError): string {
  if (error.field === 'keyId') return `key-id: ${error.message.slice(7)}`;
  const pem = typeof key == 'string' ? key : 'JWK';
  const why = !pem.trim() ? 'missing'
    : pem.includes('PRIVATE') ? 'this is a private key: the page needs the public key'
      : pem.includes('CERTIFICATE') ? 'this is a certificate: give the public key'
        : 'not an RSA public key of 2048+ bits in PEM or JWK';
  return `public-key: ${why}`;
}

/** What encryptCard says of the key and key-id alone: [] when they are usable. */
export async function keyErrors(publicKey: string | PublicJwk, keyId: string): Promise<CardError[]> {
  // No card members: the field errors that come back are ignored, only the key's count.
  const { errors } = await encryptCard({ publicKey, keyId: keyId || undefined } as CardInput);
  return errors.filter((error) => error.code === 'INVALID_PUBLIC_KEY');
}

/** The key's error and a message naming the attribute and the problem, or null when the key is usable. */
export async function checkPublicKey(publicKey: string | PublicJwk, keyId: string): Promise<{ errors: CardError[]; message: string } | null> {
  const errors = await keyErrors(publicKey, keyId);
  return errors[0] ? { errors, message: `<svc-card-form> ${problem(publicKey, errors[0])}` } : null;
}

/** The library's only console line: a setup warning built from the key alone (see source-hygiene.test.ts). */
export const warnSetup = (message: string): void => console.warn(message);
