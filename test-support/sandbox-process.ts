// One sandbox process on DATABASE_URL (for tests of several processes on one
// PostgreSQL), or on PGlite in the folder PGLITE_DIR (bench/scale.mjs's PGlite figure):
// the shared test key's decryptor, a free port, its address printed as one JSON line
// `{"url": ...}`; SIGTERM closes it, SIGKILL is the test's.
import { createDecryptor } from '../src/server/index.js';
import { startSandbox } from '../packages/sandbox/server.js';
import { readSharedKey } from './shared-vectors.mjs';

const { DATABASE_URL: databaseUrl, PGLITE_DIR: dataDir } = process.env;
if (!databaseUrl && !dataDir) throw new Error('sandbox-process: DATABASE_URL or PGLITE_DIR is required');
const sandbox = await startSandbox({
  decryptor: await createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') } }),
  ...(databaseUrl ? { databaseUrl } : { dataDir }),
  webhookBackoffMs: Number(process.env.WEBHOOK_BACKOFF_MS ?? 1_000),
});
console.log(JSON.stringify({ url: sandbox.url }));
process.once('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
