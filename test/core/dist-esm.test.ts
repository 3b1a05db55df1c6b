// The ESM build (dist/index.js): importing runs nothing beyond definitions, in Node with no
// window or document (server-side rendering), and it contains no Lit.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { decryptWithNode } from './support/decrypt.js';
import { LIT, distUrl, withStaticImports } from './support/dist.js';
import { VALID_CARD, expectPlaintext } from './support/plaintext.js';
import { PRIVATE_2048, PUBLIC_2048 } from './support/private-keys.js';

// Runs in a fresh Node: every browser-ish global becomes a getter that records being read.
const probe = (url: string) => `
const read = [];
for (const name of ['window', 'document', 'navigator', 'self', 'location', 'customElements', 'crypto', 'HTMLElement']) {
  const original = Object.getOwnPropertyDescriptor(globalThis, name);
  Object.defineProperty(globalThis, name, { configurable: true, get() {
    read.push(name);
    return original && (original.get ? original.get.call(globalThis) : original.value);
  } });
}
const api = await import(${JSON.stringify(url)});
console.log(JSON.stringify({ read, exports: Object.keys(api).sort(), window: typeof window, document: typeof document }));
`;

describe('dist/index.js', () => {
  it('imports in Node without touching window, document, crypto or any other global', () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe(distUrl('index.js'))], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout);
    expect(report.exports).toEqual(['SecureContextError', 'SvcCardError', 'encryptCard']);
    // The two typeof reads after the import are the probe's own.
    expect(report.read).toEqual(['window', 'document']);
    expect(report.window).toBe('undefined');
  });

  it('encrypts a card that node:crypto decrypts', async () => {
    const { encryptCard } = (await import(distUrl('index.js'))) as typeof import('../../src/core/index.js');
    const result = await encryptCard({ ...VALID_CARD, publicKey: PUBLIC_2048 });
    if (result.hasErrors) throw new Error(JSON.stringify(result.errors));
    expectPlaintext(decryptWithNode(result.encryptedCard, PRIVATE_2048), VALID_CARD);
  });

  it('shares one SvcCardError class with dist/server.js, so instanceof holds across the entries', async () => {
    const core = (await import(distUrl('index.js'))) as typeof import('../../src/core/index.js');
    const server = (await import(distUrl('server.js'))) as typeof import('../../src/server/index.js');
    expect(core.SvcCardError).toBe(server.SvcCardError);
    expect(new core.SecureContextError()).toBeInstanceOf(server.SvcCardError);
  });

  it('contains no Lit, in itself or in any chunk it imports', () => {
    const files = withStaticImports('index.js');
    expect(files.size).toBeGreaterThanOrEqual(1);
    for (const [file, code] of files) expect({ file, lit: LIT.test(code) }).toEqual({ file, lit: false });
    expect([...files.values()].join('\n')).toMatch(/RSA-OAEP/); // the core really is in there
  });

  it('the element chunk, by contrast, does import lit (so the check above can see it)', () => {
    const files = withStaticImports('element.js');
    expect([...files.values()].some((code) => LIT.test(code))).toBe(true);
  });
});
