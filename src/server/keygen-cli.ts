#!/usr/bin/env node
// svc-card-keygen: an RSA key pair for sandbox and demo use (issue 3). Prints paths,
// never key material.
import { parseArgs } from 'node:util';
import { KEY_ID_PATTERN } from '../internal/token-format.js';
import { generateKeyPair, type KeyBits } from './generate-key-pair.js';
import { KeyDirError, prepareKeyDir } from './key-dir.js';
import { KeyFileExistsError, writeKeyFiles } from './write-key-files.js';

const USAGE = `Usage: svc-card-keygen [--kid ID] [--bits 2048|3072|4096] [--out DIR]

Generates an RSA-OAEP (SHA-256) key pair for the card token and writes
  DIR/ID.public.pem       SPKI PEM: the page's publicKey (with keyId ID)
  DIR/ID.public.jwk.json  the same key as a JWK (kid ID): an entry of the card frame's JWKS
  DIR/ID.private.pem      PKCS#8 PEM, mode 0600: the service's key for createDecryptor
Existing files are never overwritten.

Options:
  --kid ID     keyId, 1 to 64 of A-Z a-z 0-9 . _ -   (default v1)
  --bits N     modulus size: 2048, 3072 or 4096      (default 3072)
  --out DIR    directory, created mode 0700 if missing (default .); an
               existing one must be yours and not group/world-writable
  -h, --help   this text
`;

class UsageError extends Error {}

function options(argv: string[]): { keyId: string; bits: KeyBits; out: string } | null {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: { kid: { type: 'string' }, bits: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return null;
  const keyId = values.kid ?? 'v1';
  if (!KEY_ID_PATTERN.test(keyId)) throw new UsageError(`--kid: expected 1 to 64 of A-Z a-z 0-9 . _ -, got ${JSON.stringify(keyId.slice(0, 80))}`);
  const bits = Number(values.bits ?? '3072');
  if (!/^(2048|3072|4096)$/.test(values.bits ?? '3072')) throw new UsageError(`--bits: expected 2048, 3072 or 4096, got ${JSON.stringify(values.bits)}`);
  const out = values.out ?? '.';
  if (!out) throw new UsageError('--out: expected a directory');
  return { keyId, bits: bits as KeyBits, out };
}

const writeFailure = (error: unknown): string =>
  error instanceof KeyFileExistsError ? error.message
    : error instanceof KeyDirError ? `--out ${error.message}`
    : `cannot write the key files: ${(error as Error).message}`;

async function main(argv: string[]): Promise<number> {
  let chosen;
  try {
    chosen = options(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`svc-card-keygen: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (!chosen) {
    process.stdout.write(USAGE);
    return 0;
  }
  try {
    await prepareKeyDir(chosen.out); // before the slow key generation: an unsafe --out fails at once
  } catch (error) {
    process.stderr.write(`svc-card-keygen: ${writeFailure(error)}\n`);
    return 1;
  }
  let pair;
  try {
    pair = await generateKeyPair({ keyId: chosen.keyId, bits: chosen.bits });
  } catch (error) {
    process.stderr.write(`svc-card-keygen: cannot generate the key pair: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    const { publicPath, jwkPath, privatePath } = await writeKeyFiles(pair, chosen.out);
    process.stdout.write(`keyId ${pair.keyId}, RSA ${pair.bits} bits\n  public:  ${publicPath}\n  jwk:     ${jwkPath}\n  private: ${privatePath} (0600, keep it on the service)\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`svc-card-keygen: ${writeFailure(error)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
