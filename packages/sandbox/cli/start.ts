// `svc-sandbox` (or `svc-sandbox start`): the payments API on 127.0.0.1, with a banner of what a
// merchant needs (address, credential, company, public key, storage), until SIGINT or SIGTERM.
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Sandbox } from '../server.js';
import { UsageError, type Command } from './command.js';
import { describeStorage, storageOf } from './storage.js';

export const start: Command = {
  summary: 'starts the sandbox payments API and prints its address, a credential, the company and the public key',
  flags: ['data', 'keys', 'memory', 'port', 'no-loopback-webhooks', 'allow-loopback-webhooks', 'max-connections'],
  async run(values) {
    const port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port > 65535) throw new UsageError(`the port must be a whole number 0-65535, got ${JSON.stringify(values.port)}`);
    const maxConnections = Number(values['max-connections']);
    if (!/^\d+$/.test(values['max-connections']) || maxConnections < 1) throw new UsageError(`--max-connections must be a whole number from 1, got ${JSON.stringify(values['max-connections'])}`);
    const storage = storageOf(values);
    // The server's modules once the flags are known good (commands.ts says why).
    const [{ createDecryptor, JWKS_PATH, publicJwks }, { ensureKeys }, { SANDBOX_CREDENTIAL }, { startSandbox }, { localCredentialRoute }] = await Promise.all([
      import('svc-card/server'), import('../keys.js'), import('../seed.js'), import('../server.js'), import('./local-credentials.js'),
    ]);
    const keys = await ensureKeys(values.keys ?? join(values.data, 'keys'));
    const keyOption = { [keys.keyId]: keys.privateKeyPem };
    const decryptor = await createDecryptor({ keys: keyOption });
    // The public half as a JWKS, for a page (or the card frame) that fetches its key; public by nature.
    const jwks = await publicJwks(keyOption);
    const serveJwks: FastifyPluginAsync = async (app) => {
      app.get(JWKS_PATH, async (_request, reply) => reply.header('access-control-allow-origin', '*').type('application/jwk-set+json').send(jwks));
    };
    // Answers only a caller holding its secret, which only a PGlite folder's lock publishes (local-credentials.ts).
    const credentials = localCredentialRoute(() => sandbox.db);
    const sandbox: Sandbox = await startSandbox({
      decryptor, port, ...storage, maxConnections, allowLoopbackWebhooks: !values['no-loopback-webhooks'], extensions: [serveJwks, credentials.plugin],
    });
    sandbox.db.lock?.announce({ url: sandbox.url, credentialSecret: credentials.secret });
    console.log(`Sandbox payments API: ${sandbox.url}`);
    console.log(`apiKey: ${SANDBOX_CREDENTIAL.keyId}.${SANDBOX_CREDENTIAL.secret}`);
    console.log(`companyId: ${SANDBOX_CREDENTIAL.companies[0]}`);
    console.log(`Public key (keyId ${keys.keyId}): ${keys.publicKeyFile}, and as a JWKS: ${sandbox.url}${JWKS_PATH}`);
    console.log(`Storage: ${describeStorage(storage)}`);
    console.log(`API description: ${sandbox.url}/openapi.json (readable: ${sandbox.url}/docs)`);
    const stop = () => sandbox.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
};
