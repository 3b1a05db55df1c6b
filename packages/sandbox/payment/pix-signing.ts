// The key the sandbox signs PIX payloads with, as a PSP signs the JWS its
// payload location serves (the payer's bank checks it against the key the
// JWS header's jku names). Made once per database and kept in it (settings),
// so payloads verify across a restart. PS256 over RSA 2048: the sandbox's choice
// among the RSA algorithms the PSPs use.
import { CompactSign, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Queryable } from '../db/database.js';

export const PIX_JWS_ALG = 'PS256';
const SETTING = 'pix_jws_private_jwk';

interface PixKey { privateKey: CryptoKey; publicJwk: JWK }
const loaded = new WeakMap<object, Promise<PixKey>>();

async function load(db: Queryable): Promise<PixKey> {
  const [existing] = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [SETTING]);
  if (!existing) {
    const pair = await generateKeyPair(PIX_JWS_ALG, { modulusLength: 2048, extractable: true });
    await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [SETTING, JSON.stringify(await exportJWK(pair.privateKey))]);
  }
  const [row] = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [SETTING]);
  const jwk = JSON.parse(row!.value) as JWK;
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
  return { privateKey: await importJWK(jwk, PIX_JWS_ALG) as CryptoKey, publicJwk: { ...publicJwk, alg: PIX_JWS_ALG, use: 'sig', kid: 'pix-1' } };
}

/** The database's PIX key (made on first use, read once per process). */
export function pixKey(db: Queryable): Promise<PixKey> {
  let key = loaded.get(db);
  if (!key) { key = load(db); key.catch(() => loaded.delete(db)); loaded.set(db, key); }
  return key;
}

/** The payload as a compact JWS: header {alg, kid, jku}, the JSON payload, the signature. */
export async function signPixPayload(db: Queryable, payload: object, jku: string): Promise<string> {
  const { privateKey, publicJwk } = await pixKey(db);
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader({ alg: PIX_JWS_ALG, kid: publicJwk.kid!, jku }).sign(privateKey);
}
