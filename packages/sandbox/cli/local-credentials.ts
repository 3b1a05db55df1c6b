// `svc-sandbox credential` beside a running sandbox: the folder is that process's (db/folder-lock.ts),
// so the command asks it, over a route on its loopback port that only a holder of the secret
// written in the folder's lock (mode 0600) may call. Not part of the payments API: hidden from
// the description, mounted by the CLI only.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { createCredential } from '../auth/credentials.js';
import { issueJwt, loadJwtKey } from '../auth/jwt.js';
import { isPermission, type Permission } from '../auth/permissions.js';
import type { Database } from '../db/database.js';
import type { LockHolder } from '../db/folder-lock.js';
import { unauthorized } from '../base/errors.js';

export const LOCAL_CREDENTIAL_PATH = '/sandbox/local/credential';
const SECRET_HEADER = 'svc-sandbox-secret';

export interface Minted { apiKey: string; token: string; companies: string[] }

/** A credential and its JWT, stored in this database. */
export async function mint(db: Database, companies: string[], permissions: Permission[]): Promise<Minted> {
  const issued = await createCredential(db, { companies, permissions });
  return { apiKey: issued.apiKey, token: await issueJwt(await loadJwtKey(db), issued.keyId), companies };
}

/** The route, and the secret to put in the lock for the command to read. */
export function localCredentialRoute(db: () => Database): { secret: string; plugin: FastifyPluginAsync } {
  const secret = randomBytes(32).toString('base64url');
  const digest = (text: string) => createHash('sha256').update(text).digest();
  const plugin: FastifyPluginAsync = async (app) => {
    app.post(LOCAL_CREDENTIAL_PATH, { schema: { hide: true } }, async (request) => {
      const given = request.headers[SECRET_HEADER];
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(secret))) throw unauthorized(`${SECRET_HEADER} does not match the secret in the data folder's lock`);
      const body = request.body as { companies?: unknown; permissions?: unknown };
      const companies = Array.isArray(body?.companies) ? body.companies.filter((c): c is string => typeof c === 'string') : [];
      const permissions = Array.isArray(body?.permissions) ? body.permissions.filter((p): p is Permission => typeof p === 'string' && isPermission(p)) : [];
      return mint(db(), companies, permissions);
    });
  };
  return { secret, plugin };
}

/** Asks the sandbox that holds the folder to mint the credential. */
export async function mintThrough(holder: Required<Pick<LockHolder, 'url' | 'credentialSecret'>>, companies: string[], permissions: Permission[]): Promise<Minted> {
  const response = await fetch(`${holder.url}${LOCAL_CREDENTIAL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SECRET_HEADER]: holder.credentialSecret },
    body: JSON.stringify({ companies, permissions }),
  });
  if (!response.ok) throw new Error(`the sandbox at ${holder.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Minted;
}
