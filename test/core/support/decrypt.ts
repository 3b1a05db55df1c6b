// Test-only decryptors, each independent of src/: node:crypto, @peculiar/webcrypto and jose
// (TOKEN-FORMAT.md "Encryption, step by step" read backwards, and "JWE mapping").
import { Crypto } from '@peculiar/webcrypto';
import { compactDecrypt, flattenedDecrypt } from 'jose';
import { constants, createDecipheriv, privateDecrypt, type KeyObject } from 'node:crypto';

export interface Token {
  keyId: string;
  encryptedKey: string;
  iv: string;
  ciphertext: string;
  authTag: string;
}

const b64 = (text: string): Buffer => Buffer.from(text, 'base64');
/** A copy on its own ArrayBuffer, as the WebCrypto types want. */
const bytes = (buffer: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(buffer);
const b64url = (text: string): string => Buffer.from(text, 'base64').toString('base64url');

/** Step 2, written out here on purpose rather than imported from src. */
export const headerOf = (keyId: string): string => `{"alg":"RSA-OAEP-256","enc":"A256GCM","kid":"${keyId}"}`;
/** Step 3: ASCII of BASE64URL(header). */
export const aadOf = (keyId: string): Buffer => Buffer.from(Buffer.from(headerOf(keyId)).toString('base64url'), 'ascii');

/** RSA-OAEP (SHA-256, MGF1 SHA-256) unwrap of the CEK with node:crypto. */
export const unwrapCek = (token: Token, privateKey: KeyObject): Buffer =>
  privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, b64(token.encryptedKey));

/** Path 1: node:crypto privateDecrypt + createDecipheriv('aes-256-gcm') with the AAD. */
export function decryptWithNode(token: Token, privateKey: KeyObject, aad = aadOf(token.keyId)): unknown {
  const decipher = createDecipheriv('aes-256-gcm', unwrapCek(token, privateKey), b64(token.iv));
  decipher.setAAD(aad);
  decipher.setAuthTag(b64(token.authTag));
  const plaintext = Buffer.concat([decipher.update(b64(token.ciphertext)), decipher.final()]);
  return JSON.parse(plaintext.toString('utf8'));
}

const peculiar = new Crypto();

/** Path 2: @peculiar/webcrypto (a pure-JS WebCrypto on top of its own ASN.1 code). */
export async function decryptWithPeculiar(token: Token, privateKey: KeyObject): Promise<unknown> {
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'der' });
  const rsa = await peculiar.subtle.importKey('pkcs8', bytes(pkcs8), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['unwrapKey']);
  const cek = await peculiar.subtle.unwrapKey('raw', bytes(b64(token.encryptedKey)), rsa, { name: 'RSA-OAEP' }, 'AES-GCM', false, ['decrypt']);
  const sealed = Buffer.concat([b64(token.ciphertext), b64(token.authTag)]);
  const plaintext = await peculiar.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes(b64(token.iv)), additionalData: bytes(aadOf(token.keyId)), tagLength: 128 },
    cek,
    bytes(sealed),
  );
  return JSON.parse(Buffer.from(plaintext).toString('utf8'));
}

/** "JWE mapping": the compact serialization of a token. */
export const toCompactJwe = (token: Token): string =>
  [Buffer.from(headerOf(token.keyId)).toString('base64url'), ...[token.encryptedKey, token.iv, token.ciphertext, token.authTag].map(b64url)].join('.');

/** Path 3: jose's compactDecrypt; also returns the protected header it parsed. */
export async function decryptWithJose(token: Token, privateKey: KeyObject): Promise<{ payload: unknown; header: unknown }> {
  const { plaintext, protectedHeader } = await compactDecrypt(toCompactJwe(token), privateKey, {
    keyManagementAlgorithms: ['RSA-OAEP-256'],
    contentEncryptionAlgorithms: ['A256GCM'],
  });
  return { payload: JSON.parse(new TextDecoder().decode(plaintext)), header: protectedHeader };
}

/** The flattened JSON form of the mapping, decrypted with jose. */
export async function decryptFlattenedWithJose(token: Token, privateKey: KeyObject): Promise<unknown> {
  const jwe = {
    protected: Buffer.from(headerOf(token.keyId)).toString('base64url'),
    encrypted_key: b64url(token.encryptedKey),
    iv: b64url(token.iv),
    ciphertext: b64url(token.ciphertext),
    tag: b64url(token.authTag),
  };
  const { plaintext } = await flattenedDecrypt(jwe, privateKey);
  return JSON.parse(new TextDecoder().decode(plaintext));
}
