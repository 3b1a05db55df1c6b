// Decrypts a browser-made token in Node with the project's decryptor (dist/server.js)
// and the shared private key: proof that a token the page made is one the service accepts.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { ROOT } from './paths.js';

type ServerModule = typeof import('../../src/server/index.js');

let loaded: Promise<ServerModule> | undefined;
/** dist/server.js with the types of its source. */
export const serverModule = (): Promise<ServerModule> =>
  (loaded ??= import(pathToFileURL(resolve(ROOT, 'dist/server.js')).href) as Promise<ServerModule>);

/** The shared 2048-bit pair (vectors/keys), known to the decryptor as keyId `v1`. */
export const SHARED_PUBLIC_KEY = readSharedKey('rsa-2048-public.pem');
const SHARED_PRIVATE_KEY = readSharedKey('rsa-2048-private.pem');

/** Decrypts with a fresh decryptor holding the shared key under `v1`. */
export async function decryptWithSharedKey(token: unknown) {
  const { createDecryptor } = await serverModule();
  const decryptor = await createDecryptor({ keys: { v1: SHARED_PRIVATE_KEY } });
  return decryptor.decrypt(token);
}
