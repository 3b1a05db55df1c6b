#!/usr/bin/env node
// `npm run sandbox`: the sandbox alone, with its records in a PGlite folder
// (.sandbox-data/, or --data DIR, or --memory; DATABASE_URL for PostgreSQL).
// Webhooks may reach a receiver on this machine (loopback) unless
// --no-loopback-webhooks (a sandbox shared by several people);
// --max-connections N caps open connections (256).
// Prints its address and a ready credential, each on its own line.
// `npm run sandbox -- credential --companies a,b [--permissions p,q]` makes a
// credential instead, prints its apiKey and a JWT for it, and exits.
import { parseArgs } from 'node:util';
import { createDecryptor } from '../src/server/index.js';
import { createCredential } from './auth/credentials.js';
import { issueJwt, loadJwtKey } from './auth/jwt.js';
import { ALL_PERMISSIONS, isPermission } from './auth/permissions.js';
import { openDatabase, type StorageOptions } from './db/database.js';
import { SANDBOX_CREDENTIAL } from './seed.js';
import { startSandbox } from './server.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: process.env.PORT ?? '4010' },
    data: { type: 'string', default: '.sandbox-data' },
    memory: { type: 'boolean', default: false },
    'no-loopback-webhooks': { type: 'boolean', default: false },
    // Loopback used to need it; it is the default now, the flag still accepted.
    'allow-loopback-webhooks': { type: 'boolean', default: false },
    'max-connections': { type: 'string', default: '256' },
    companies: { type: 'string' },
    permissions: { type: 'string', default: ALL_PERMISSIONS.join(',') },
  },
});
const storage: StorageOptions = process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : values.memory ? { memory: true } : { dataDir: values.data };
const fail = (message: string): never => { console.error(`sandbox: ${message}`); process.exit(2); };

if (positionals[0] === 'credential') {
  const companies = (values.companies ?? '').split(',').filter(Boolean);
  const permissions = values.permissions.split(',').filter(Boolean);
  if (companies.length === 0) fail('credential needs --companies a,b');
  const unknown = permissions.find((p) => !isPermission(p));
  if (unknown !== undefined) fail(`unknown permission ${JSON.stringify(unknown)}; known: ${ALL_PERMISSIONS.join(', ')}`);
  const db = await openDatabase(storage);
  const issued = await createCredential(db, { companies, permissions: permissions.filter(isPermission) });
  console.log(`apiKey: ${issued.apiKey}`);
  console.log(`token: ${await issueJwt(await loadJwtKey(db), issued.keyId)}`);
  console.log(`companies: ${companies.join(',')}`);
  await db.close();
} else {
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`the port must be a whole number 0-65535, got ${JSON.stringify(values.port)}`);
  // The demo's key pair (demo/keys.mjs, plain JS): tokens made on the demo page decrypt here too.
  const { ensureDemoKeys } = (await import('../demo/keys.mjs' as string)) as { ensureDemoKeys(): Promise<{ keyId: string; privateKeyPem: string }> };
  const keys = await ensureDemoKeys();
  const decryptor = await createDecryptor({ keys: { [keys.keyId]: keys.privateKeyPem } });
  const maxConnections = Number(values['max-connections']);
  if (!Number.isInteger(maxConnections) || maxConnections < 1) fail(`--max-connections must be a whole number from 1, got ${JSON.stringify(values['max-connections'])}`);
  const sandbox = await startSandbox({ decryptor, port, ...storage, maxConnections, allowLoopbackWebhooks: !values['no-loopback-webhooks'] });
  console.log(`Sandbox payments API: ${sandbox.url}`);
  console.log(`apiKey: ${SANDBOX_CREDENTIAL.keyId}.${SANDBOX_CREDENTIAL.secret}`);
  console.log(`companyId: ${SANDBOX_CREDENTIAL.companies[0]}`);
  console.log(`API description: ${sandbox.url}/openapi.json (readable: ${sandbox.url}/docs)`);
  const stop = () => sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
