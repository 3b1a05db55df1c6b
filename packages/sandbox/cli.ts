#!/usr/bin/env node
// The sandbox's command (`npx @svc-card/sandbox`, bin `svc-sandbox`; in a clone `npm run sandbox`).
// Its folder (--data DIR, default .svc-sandbox/ in the current directory) holds the records in
// DIR/pglite/ (PGlite) and the card key pair in DIR/keys/ (--keys DIR2 for another; made on first
// start). --memory keeps the records in memory; DATABASE_URL puts them in PostgreSQL.
// Webhooks may reach a receiver on this machine (loopback) unless --no-loopback-webhooks
// (a sandbox shared by several people); --max-connections N caps open connections (256).
// Prints its address, a ready credential, the company id and the public key, each on its own line.
// `svc-sandbox credential --companies a,b [--permissions p,q]` makes a credential in the same
// storage instead, prints its apiKey and a JWT for it, and exits.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyPluginAsync } from 'fastify';
import { createDecryptor, JWKS_PATH, publicJwks } from 'svc-card/server';
import { createCredential } from './auth/credentials.js';
import { issueJwt, loadJwtKey } from './auth/jwt.js';
import { ALL_PERMISSIONS, isPermission } from './auth/permissions.js';
import { openDatabase, type StorageOptions } from './db/database.js';
import { ensureKeys } from './keys.js';
import { SANDBOX_CREDENTIAL } from './seed.js';
import { startSandbox } from './server.js';
import { CHECK_USAGE, checkCommand } from './check/command.js';

// `svc-sandbox check <checkout-url>`: a command with flags of its own (check/command.ts).
if (process.argv[2] === 'check') process.exit(await checkCommand(process.argv.slice(3)));

const USAGE = `Usage: svc-sandbox [--data DIR] [--keys DIR] [--memory] [--port N] [--no-loopback-webhooks] [--max-connections N]
       svc-sandbox credential --companies a,b [--permissions p,q] [--data DIR]

  --data DIR   the sandbox's folder (default .svc-sandbox): records in DIR/pglite, keys in DIR/keys
  --keys DIR   the card key pair's folder instead (v1.private.pem, v1.public.pem; made when absent)
  --memory     records in memory, gone when it stops
  --port N     0 takes a free port (default PORT or 4010)
  DATABASE_URL=postgres://...  records in PostgreSQL instead of PGlite
${CHECK_USAGE}`;

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string', default: process.env.PORT ?? '4010' },
      data: { type: 'string', default: '.svc-sandbox' },
      keys: { type: 'string' },
      memory: { type: 'boolean', default: false },
      'no-loopback-webhooks': { type: 'boolean', default: false },
      // Loopback used to need it; it is the default now, the flag still accepted.
      'allow-loopback-webhooks': { type: 'boolean', default: false },
      'max-connections': { type: 'string', default: '256' },
      companies: { type: 'string' },
      permissions: { type: 'string', default: ALL_PERMISSIONS.join(',') },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
} catch (error) {
  console.error(`svc-sandbox: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = parsed;
const fail = (message: string): never => { console.error(`svc-sandbox: ${message}`); process.exit(2); };
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length > 0 && positionals[0] !== 'credential') fail(`unknown command ${JSON.stringify(positionals[0])}; known: credential\n${USAGE}`);
const storage: StorageOptions = process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : values.memory ? { memory: true } : { dataDir: join(values.data, 'pglite') };

if (positionals[0] === 'credential') {
  const companies = (values.companies ?? '').split(',').filter(Boolean);
  const permissions = values.permissions.split(',').filter(Boolean);
  if (companies.length === 0) fail('credential needs --companies a,b');
  const unknown = permissions.find((p) => !isPermission(p));
  if (unknown !== undefined) fail(`unknown permission ${JSON.stringify(unknown)}; known: ${ALL_PERMISSIONS.join(', ')}`);
  if (storage.memory) fail('credential with --memory would be gone at once: give --data DIR or DATABASE_URL');
  const db = await openDatabase(storage);
  const issued = await createCredential(db, { companies, permissions: permissions.filter(isPermission) });
  console.log(`apiKey: ${issued.apiKey}`);
  console.log(`token: ${await issueJwt(await loadJwtKey(db), issued.keyId)}`);
  console.log(`companies: ${companies.join(',')}`);
  await db.close();
} else {
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`the port must be a whole number 0-65535, got ${JSON.stringify(values.port)}`);
  const maxConnections = Number(values['max-connections']);
  if (!Number.isInteger(maxConnections) || maxConnections < 1) fail(`--max-connections must be a whole number from 1, got ${JSON.stringify(values['max-connections'])}`);
  const keys = await ensureKeys(values.keys ?? join(values.data, 'keys'));
  const keyOption = { [keys.keyId]: keys.privateKeyPem };
  const decryptor = await createDecryptor({ keys: keyOption });
  // The public half as a JWKS, for a page (or the card frame) that fetches its key; public by nature.
  const jwks = await publicJwks(keyOption);
  const serveJwks: FastifyPluginAsync = async (app) => {
    app.get(JWKS_PATH, async (_request, reply) => reply.header('access-control-allow-origin', '*').type('application/jwk-set+json').send(jwks));
  };
  const sandbox = await startSandbox({ decryptor, port, ...storage, maxConnections, allowLoopbackWebhooks: !values['no-loopback-webhooks'], extensions: [serveJwks] });
  console.log(`Sandbox payments API: ${sandbox.url}`);
  console.log(`apiKey: ${SANDBOX_CREDENTIAL.keyId}.${SANDBOX_CREDENTIAL.secret}`);
  console.log(`companyId: ${SANDBOX_CREDENTIAL.companies[0]}`);
  console.log(`Public key (keyId ${keys.keyId}): ${keys.publicKeyFile}, and as a JWKS: ${sandbox.url}${JWKS_PATH}`);
  console.log(`API description: ${sandbox.url}/openapi.json (readable: ${sandbox.url}/docs)`);
  const stop = () => sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
