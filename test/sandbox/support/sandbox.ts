// A sandbox for Vitest: an in-memory PGlite database (the run's migrated dump as
// loaded, from its worker's pool: test-support/pglite/worker-pool.ts), the project's real decryptor with the shared
// 2048-bit key, and inject() calls whose every answer is checked against the
// sandbox's own OpenAPI document (openapi-check.ts).
import { createDecryptor } from '../../../src/server/index.js';
import { encryptCard, type CardInput } from '../../../src/core/index.js';
import { readSharedKey } from '../../../test-support/shared-vectors.mjs';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../packages/sandbox/server.js';
import { SANDBOX_CREDENTIAL, DEMO_CHARGE_ID, DEMO_COMPANY } from '../../../packages/sandbox/seed.js';
import { SANDBOX_CAPTCHA_TOKEN } from '../../../packages/sandbox/auth/guard.js';
import { checkAgainstDescription } from './openapi-check.js';
import { DECLINED_CARD_DIGITS, PAID_CARD_DIGITS } from '../../../test-support/cards.mjs';

export { DEMO_COMPANY as COMPANY, DEMO_CHARGE_ID as DEMO_CHARGE, SANDBOX_CAPTCHA_TOKEN };
export const API_KEY = `${SANDBOX_CREDENTIAL.keyId}.${SANDBOX_CREDENTIAL.secret}`;
export const PUBLIC_KEY = readSharedKey('rsa-2048-public.pem');

// The test cards of every suite (test-support/cards.mjs), numbers as digits.
export { PAID_PROFILE } from '../../../test-support/cards.mjs';
export const PAID_CARD = { ...PAID_CARD_DIGITS };
export const DECLINED_CARD = { ...DECLINED_CARD_DIGITS };

/** A fresh token for a card, made by the core's encryptCard. */
export async function tokenFor(card: Record<string, string> = PAID_CARD) {
  const result = await encryptCard({ ...card, publicKey: PUBLIC_KEY } as CardInput);
  if (result.hasErrors) throw new Error(`test card refused: ${result.errors.map((e) => e.code).join(', ')}`);
  return result.encryptedCard;
}

export const sharedDecryptor = (options: Record<string, unknown> = {}) =>
  createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') }, ...options });

let postgresDatabases = 0;

/**
 * SANDBOX_TEST_POSTGRES=<a PostgreSQL server's URL>: each sandbox on a new database of that server instead (a file's tests
 * on PostgreSQL, e.g. the clock's: CONTRIBUTING.md, Sandbox tests); the server is the caller's, and so are its databases.
 */
async function postgresDatabase(server: string): Promise<string> {
  const name = `sbx_test_${process.pid}_${postgresDatabases++}`;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try { await client.query(`CREATE DATABASE ${name}`); } finally { await client.end(); }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.href;
}

export async function memorySandbox(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
  const server = process.env.SANDBOX_TEST_POSTGRES;
  if (server && !options.dataDir && !options.databaseUrl) return startSandbox({ decryptor: await sharedDecryptor(), ...options, memory: false, databaseUrl: await postgresDatabase(server) });
  return startSandbox({ decryptor: await sharedDecryptor(), memory: true, ...options });
}

export interface Answer { status: number; body: any; headers: Record<string, unknown> }

/** One call through inject(); the answer must match the description's schema for its route and status. */
export async function call(sandbox: Sandbox, method: string, url: string, body?: unknown, headers: Record<string, string> = { apiKey: API_KEY }): Promise<Answer> {
  const response = await sandbox.app.inject({
    method: method as 'GET', url, headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const answer = { status: response.statusCode, body: response.body ? JSON.parse(response.body) : undefined, headers: response.headers };
  checkAgainstDescription(sandbox.app.swagger() as never, method, url, answer);
  return answer;
}
