// encryptCard from dist/index.js, run in Node (WebCrypto is global in Node 20):
// tokens for API-level tests that need no browser.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './paths.js';

type CoreModule = typeof import('../../src/core/index.js');

export async function encryptInNode(card: Record<string, string>, publicKey: string) {
  const { encryptCard } = (await import(pathToFileURL(resolve(ROOT, 'dist/index.js')).href)) as CoreModule;
  const result = await encryptCard({ ...card, publicKey } as Parameters<CoreModule['encryptCard']>[0]);
  if (result.hasErrors) throw new Error(`test card rejected: ${result.errors.map((e) => e.code).join(', ')}`);
  return result.encryptedCard;
}
