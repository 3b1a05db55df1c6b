// dist/svc.js, the script tag: defines only the global `svc`, merges into an existing one,
// contains no Lit and no Math.random, and encrypts a real card inside a bare VM context.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { decryptWithNode } from './support/decrypt.js';
import { LIT, readDist, withStaticImports } from './support/dist.js';
import { VALID_CARD, expectPlaintext } from './support/plaintext.js';
import { PRIVATE_2048, PUBLIC_2048 } from './support/private-keys.js';

/** A context with only what a page gives the script. */
function page(extra: Record<string, unknown> = {}) {
  const context = vm.createContext({ crypto: globalThis.crypto, TextEncoder, btoa, atob, ...extra });
  const before = new Set(Object.getOwnPropertyNames(context));
  vm.runInContext(readDist('svc.js'), context, { filename: 'svc.js' });
  const added = Object.getOwnPropertyNames(context).filter((name) => !before.has(name));
  return { context: context as { svc: Record<string, unknown> }, added };
}

describe('dist/svc.js', () => {
  it('keeps an existing svc and its members, adding encryptCard; defines no other global', () => {
    const existing = { other: 1 };
    const { context, added } = page({ svc: existing });
    expect(added).toEqual([]);
    expect(context.svc).toBe(existing);
    expect(context.svc.other).toBe(1);
    expect(typeof context.svc.encryptCard).toBe('function');
  });

  it('defines svc, and only svc, when there is none', () => {
    const { context, added } = page();
    expect(added).toEqual(['svc']);
    expect(Object.keys(context.svc)).toEqual(['encryptCard']);
  });

  it('encrypts a card inside the VM that node:crypto decrypts', async () => {
    const { context } = page();
    const encryptCard = context.svc.encryptCard as (input: unknown) => Promise<{ hasErrors: boolean; encryptedCard: never }>;
    const result = await encryptCard({ ...VALID_CARD, publicKey: PUBLIC_2048 });
    expect(result.hasErrors).toBe(false);
    expectPlaintext(decryptWithNode(result.encryptedCard, PRIVATE_2048), VALID_CARD);
  });

  it('rejects with the secure-context error in a page without crypto.subtle', async () => {
    const { context } = page({ crypto: { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) } });
    const encryptCard = context.svc.encryptCard as (input: unknown) => Promise<unknown>;
    await expect(encryptCard({ ...VALID_CARD, publicKey: PUBLIC_2048 })).rejects.toThrow(/HTTPS/);
  });

  it('contains no Lit and no Math.random; the core builds neither', () => {
    const code = readDist('svc.js');
    expect(code).toMatch(/encryptCard/);
    expect(LIT.test(code)).toBe(false);
    for (const [file, source] of [['svc.js', code] as const, ...withStaticImports('index.js')]) {
      expect({ file, random: /Math\.random/.test(source) }).toEqual({ file, random: false });
    }
  });
});
