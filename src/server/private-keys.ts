// keys option -> Map of keyId to an RSA-OAEP-256 private CryptoKey, imported once at
// creation (TOKEN-FORMAT.md "Keys": RSA, modulus of at least 2048 bits).
import type { webcrypto } from 'node:crypto';
import { fromBase64 } from '../internal/base64.js';
import { rsaKeyProblem } from '../internal/key-rules.js';
import { KEY_ID_PATTERN } from '../internal/token-format.js';
import { InvalidOptionError } from './errors.js';
import { keyPool, type KeyPool } from './key-pool.js';

/** A PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`) or an RSA-OAEP SHA-256 private CryptoKey with usage `decrypt`. */
// Node's CryptoKey type: a service compiled without the DOM lib (`lib: ["ES2022"]`) has no global one.
export type PrivateKeyInput = string | webcrypto.CryptoKey;

/** keyId -> private key. Several at once while keys rotate. */
export type KeysOption = Readonly<Record<string, PrivateKeyInput>> | ReadonlyMap<string, PrivateKeyInput>;

const MAX_PEM = 65536;
const PKCS8_PEM = /^-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\s]+)-----END PRIVATE KEY-----$/;

function pkcs8Body(pem: string, option: string): Uint8Array<ArrayBuffer> {
  // Literal "\n" escapes (a PEM kept on one line in a .env file) count as line ends.
  const trimmed = pem.length <= MAX_PEM ? pem.replace(/(?:\\r)?\\n/g, '\n').trim() : '';
  if (/^-----BEGIN (RSA )?PUBLIC KEY-----/.test(trimmed)) {
    throw new InvalidOptionError(option, 'this is a public key, the service needs the private key (-----BEGIN PRIVATE KEY-----); the public one goes to the page');
  }
  if (trimmed.startsWith('-----BEGIN RSA PRIVATE KEY-----')) {
    throw new InvalidOptionError(option, 'expected PKCS#8 (-----BEGIN PRIVATE KEY-----), got PKCS#1; convert it with `openssl pkcs8 -topk8 -nocrypt`');
  }
  if (trimmed.startsWith('-----BEGIN ENCRYPTED PRIVATE KEY-----')) {
    throw new InvalidOptionError(option, 'expected an unencrypted PKCS#8 PEM, got an encrypted one; decrypt it first');
  }
  const match = PKCS8_PEM.exec(trimmed);
  const body = match && fromBase64(match[1]!.replace(/\s/g, ''));
  if (!body) throw new InvalidOptionError(option, 'expected a PKCS#8 PEM private key (-----BEGIN PRIVATE KEY-----)');
  return body;
}

function checkKey(key: CryptoKey, option: string): CryptoKey {
  const algorithm = key.algorithm as RsaHashedKeyAlgorithm;
  if (key.type !== 'private' || algorithm.name !== 'RSA-OAEP' || algorithm.hash?.name !== 'SHA-256') {
    throw new InvalidOptionError(option, `expected an RSA-OAEP SHA-256 private key, got ${key.type} ${algorithm.name}`);
  }
  const problem = rsaKeyProblem(algorithm);
  if (problem) throw new InvalidOptionError(option, problem);
  if (!key.usages.includes('decrypt')) throw new InvalidOptionError(option, 'expected a CryptoKey with usage "decrypt"');
  return key;
}

async function importOne(keyId: string, value: unknown, option: string): Promise<KeyPool> {
  if (typeof value === 'string') {
    const body = pkcs8Body(value, option);
    let key: CryptoKey;
    try {
      key = await crypto.subtle.importKey('pkcs8', body, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['decrypt']);
    } catch {
      throw new InvalidOptionError(option, 'expected a PKCS#8 RSA private key; this PEM is not one (not RSA, or damaged)');
    }
    return keyPool(keyId, checkKey(key, option));
  }
  if (value instanceof CryptoKey) return keyPool(keyId, checkKey(value, option));
  throw new InvalidOptionError(option, `expected a PKCS#8 PEM string or a CryptoKey, got ${value === null ? 'null' : typeof value}`);
}

/** @internal Validates every keyId and imports every key (a pool of copies each), or rejects naming the first bad one. */
export async function importPrivateKeys(keys: unknown): Promise<Map<string, KeyPool>> {
  if (keys === null || typeof keys !== 'object') {
    throw new InvalidOptionError('keys', 'expected an object or Map of keyId to PKCS#8 PEM or CryptoKey');
  }
  // Any ReadonlyMap (a Map, or another class with entries()); else the object's own members.
  const { entries: mapEntries } = keys as { entries?: unknown };
  let entries: [unknown, unknown][];
  try {
    entries = typeof mapEntries === 'function' ? [...(keys as ReadonlyMap<unknown, unknown>).entries()] : Object.entries(keys);
  } catch {
    throw new InvalidOptionError('keys', 'expected readable keyId entries (reading them threw)');
  }
  if (entries.length === 0) throw new InvalidOptionError('keys', 'expected at least one keyId');
  const imported = new Map<string, KeyPool>();
  for (const [keyId, value] of entries) {
    if (typeof keyId !== 'string' || !KEY_ID_PATTERN.test(keyId)) {
      throw new InvalidOptionError('keys', `keyId ${JSON.stringify(String(keyId)).slice(0, 80)} does not match ${KEY_ID_PATTERN}`);
    }
    imported.set(keyId, await importOne(keyId, value, `keys["${keyId}"]`));
  }
  return imported;
}
