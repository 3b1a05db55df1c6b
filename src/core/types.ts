/** The six error codes of API reference 4.9, in the order they are reported. */
export type ErrorCode =
  | 'INVALID_HOLDER'
  | 'INVALID_NUMBER'
  | 'INVALID_EXPIRATION_MONTH'
  | 'INVALID_EXPIRATION_YEAR'
  | 'INVALID_SECURITY_CODE'
  | 'INVALID_PUBLIC_KEY';

/** What `encryptCard` takes (API reference 4.9). Every member is read defensively: any value may come. */
export interface CardInput {
  /** PEM RSA public key (SPKI or PKCS#1), modulus of at least 2048 bits. */
  publicKey: string;
  /** Card holder name; leading and trailing white space is removed. */
  holder: string;
  /** 13 to 19 digits; white space is removed. */
  number: string;
  /** 1 to 12; `3` and `03` both accepted. */
  expMonth: string | number;
  /** Exactly four digits, e.g. `2030`. */
  expYear: string | number;
  /** 3 or 4 digits. */
  securityCode: string;
  /** Names the service's key pair; `^[A-Za-z0-9._-]{1,64}$`, default `v1`. */
  keyId?: string;
}

/** The input member a {@link CardError} is about. */
export type CardField = 'holder' | 'number' | 'expMonth' | 'expYear' | 'securityCode' | 'publicKey' | 'keyId';

/** One failing field. `message` names the field and what was expected; it never echoes card data. */
export interface CardError {
  code: ErrorCode;
  field: CardField;
  message: string;
}

/** The token of API reference 2.7: forward it unchanged as `token`. Base64 with padding. */
export interface EncryptedCard {
  keyId: string;
  encryptedKey: string;
  iv: string;
  ciphertext: string;
  authTag: string;
}

/** `encryptCard`'s answer, a union discriminated on `hasErrors`. */
export type EncryptCardResult =
  | { hasErrors: false; errors: []; encryptedCard: EncryptedCard }
  | { hasErrors: true; errors: CardError[]; encryptedCard: null };
