import type { PublicJwk } from './jwk.js';

/**
 * The six error codes of API reference 4.9, in the order they are reported, and the element's own
 * `INVALID_HOLDER_DOCUMENT`.
 *
 * @example
 * if (result.errors.some((e) => e.code === 'INVALID_NUMBER')) highlight('number');
 */
export type CardErrorCode =
  | 'INVALID_HOLDER'
  | 'INVALID_NUMBER'
  | 'INVALID_EXPIRATION_MONTH'
  | 'INVALID_EXPIRATION_YEAR'
  | 'INVALID_SECURITY_CODE'
  | 'INVALID_PUBLIC_KEY'
  /** The element's CPF/CNPJ field only (`encrypt()`): the holder's CPF or CNPJ; never from `encryptCard`. */
  | 'INVALID_HOLDER_DOCUMENT';

/** @deprecated Renamed {@link CardErrorCode} (the codes of a card's fields, not of thrown errors). */
export type ErrorCode = CardErrorCode;

/**
 * What `encryptCard` takes (API reference 4.9). The type is what to pass; at run time every member is
 * still read defensively (a value of any type, a throwing getter), and a bad one is a {@link CardError}.
 *
 * @example
 * const card: CardInput = { publicKey, holder: 'MARIA DA SILVA', number: '4111 1111 1111 1111',
 *   expMonth: '03', expYear: '2030', securityCode: '123' };
 */
export interface CardInput {
  /** PEM RSA public key (SPKI or PKCS#1), or a public JWK from the service's JWKS; modulus of at least 2048 bits. */
  publicKey: string | PublicJwk;
  /** Card holder name: 1 to 255 characters once leading and trailing white space is removed. */
  holder: string;
  /** 13 to 19 digits; all white space is removed, hyphens and other separators are refused. */
  number: string;
  /** 1 to 12; `3`, `03` and the number `3` are accepted; surrounding white space is ignored. */
  expMonth: string | number;
  /** Exactly four digits, e.g. `2030` or the number `2030`; surrounding white space is ignored. */
  expYear: string | number;
  /** 3 or 4 digits; surrounding white space is ignored. */
  securityCode: string;
  /** Names the service's key pair; `^[A-Za-z0-9._-]{1,64}$`; the JWK's `kid`, else `v1`, when absent, undefined or null. */
  keyId?: string | null;
}

/**
 * The input member a {@link CardError} is about (`keyId` shares `INVALID_PUBLIC_KEY` with `publicKey`).
 *
 * @example
 * for (const error of result.errors) form.querySelector(`[name=${error.field}]`)?.setAttribute('aria-invalid', 'true');
 */
export type CardField = 'holder' | 'number' | 'expMonth' | 'expYear' | 'securityCode' | 'publicKey' | 'keyId'
  /** The element's CPF/CNPJ field (INVALID_HOLDER_DOCUMENT). */
  | 'holderDocument';

/**
 * One failing field. `message` names the field, what was expected and what came (type and
 * length only): it never echoes card data.
 *
 * @example
 * { code: 'INVALID_SECURITY_CODE', field: 'securityCode', message: 'securityCode: expected 3-4 digits, got a string of length 2' }
 */
export interface CardError {
  code: CardErrorCode;
  field: CardField;
  message: string;
}

/**
 * The token of API reference 2.7 (TOKEN-FORMAT.md "The token"): forward it unchanged as `token`. Base64 with padding.
 *
 * @example
 * await fetch('/checkout', { method: 'POST', body: JSON.stringify({ token: result.encryptedCard }) });
 */
export interface EncryptedCard {
  keyId: string;
  encryptedKey: string;
  iv: string;
  ciphertext: string;
  authTag: string;
}

/**
 * `encryptCard`'s answer, a union discriminated on `hasErrors`.
 *
 * @example
 * const result = await encryptCard(card);
 * if (result.hasErrors) showErrors(result.errors); // errors: CardError[], encryptedCard: null
 * else send(result.encryptedCard); // encryptedCard: EncryptedCard
 */
export type EncryptCardResult =
  | { hasErrors: false; errors: []; encryptedCard: EncryptedCard }
  | { hasErrors: true; errors: CardError[]; encryptedCard: null };
