// The sandbox's OpenAPI document, generated from the sandbox's own code (the routes'
// schemas and packages/sandbox/http/description.ts): an in-memory sandbox, app.swagger(), closed.
// Usage: tsx site/scripts/openapi.ts <out.json>
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createDecryptor } from '../../src/server/index.js';
import { startSandbox } from '../../packages/sandbox/server.js';

const out = process.argv[2];
if (!out) throw new Error('usage: tsx site/scripts/openapi.ts <out.json>');
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const sandbox = await startSandbox({ decryptor: await createDecryptor({ keys: { docs: privateKey } }), memory: true, port: 0 });
try {
  writeFileSync(out, `${JSON.stringify(sandbox.app.swagger(), null, 2)}\n`);
} finally {
  await sandbox.close();
}
