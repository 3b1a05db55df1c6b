// The packed package's types in a user's project: DOM, script tag, React 19, Vue 3
// (vue-tsc, strict templates), Svelte 5 (svelte-check), and Node under nodenext in ESM and
// CommonJS (require(esm)). One run per tool over fixtures/good (must check) and
// fixtures/bad (each reads a member no event detail has: it must fail there and only there,
// which shows the event types are real and not `any`).
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackedApp, type PackedApp } from './support/packed-app.js';

let app: PackedApp;
beforeAll(() => {
  app = createPackedApp();
});
afterAll(() => app?.remove());

/** The files a tool reported errors in, from tsc-style (`file(1,2): error`) or svelte-check machine output. */
function filesWithErrors(output: string): string[] {
  const files = [...output.matchAll(/^(\S+)\(\d+,\d+\): error|^\d+ ERROR "([^"]+)"/gm)].map((m) => m[1] ?? m[2]!);
  return [...new Set(files)].sort();
}

const tools = [
  { name: 'DOM, script-tag references and React 19 JSX (tsc, moduleResolution bundler)', bin: 'tsc', args: ['-p', 'tsconfig.bundler.json'], bad: ['src/bad/dom.ts', 'src/bad/frame-mode.ts', 'src/bad/react.tsx'] },
  { name: 'Vue 3 templates (vue-tsc, strictTemplates)', bin: 'vue-tsc', args: ['-p', 'tsconfig.vue.json'], bad: ['src/bad/Checkout.vue'] },
  { name: 'Svelte 5 markup (svelte-check)', bin: 'svelte-check', args: ['--workspace', '.', '--tsconfig', './tsconfig.svelte.json', '--output', 'machine'], bad: ['src/bad/Checkout.svelte'] },
  { name: 'Node services, ESM and CommonJS (tsc, module nodenext, no DOM lib)', bin: 'tsc', args: ['-p', 'tsconfig.node.json'], bad: [] },
];

describe('types of the packed package in a user project (skipLibCheck off)', () => {
  for (const { name, bin, args, bad } of tools) {
    it(`${name}: good fixtures check, each bad one fails on its unknown detail member`, () => {
      const { status, output } = app.run(bin, args);
      expect(filesWithErrors(output), output).toEqual(bad);
      if (bad.length) expect(output.match(/cardNumber' does not exist on type 'SvcEncryptedDetail'/g)).toHaveLength(bad.length);
      expect(status === 0).toBe(bad.length === 0);
    });
  }

  it('checks in a project with none of the frameworks installed', () => {
    const bare = createPackedApp(['typescript']);
    try {
      const { status, output } = bare.run('tsc', ['-p', 'tsconfig.bare.json']);
      expect(output).toBe('');
      expect(status).toBe(0);
    } finally {
      bare.remove();
    }
  });

  it('loads in Node as ESM and through require(esm) from CommonJS', () => {
    const esm = app.run('node', ['-e', "import('svc-card/server').then((m) => console.log(typeof m.createDecryptor))"]);
    const cjs = app.run('node', ['-e', "console.log(typeof require('svc-card').encryptCard, typeof require('svc-card/server').createDecryptor)"]);
    expect([esm.output.trim(), cjs.output.trim()]).toEqual(['function', 'function function']);
  });

  it('decrypts a token with the tarball, as ESM and from CommonJS, on its worker threads (dist/rsa-worker.mjs), and exits by itself', () => {
    // A generous time-out instead of a hang: a worker kept referenced would keep the process alive.
    const body = (load: string) => `(async () => { const { encryptCard } = ${load}('svc-card'); const s = ${load}('svc-card/server');
      const { publicKeyPem, privateKeyPem } = await s.generateKeyPair({ bits: 2048 });
      const decryptor = await s.createDecryptor({ keys: { v1: privateKeyPem } });
      const { encryptedCard } = await encryptCard({ holder: 'MARIA DA SILVA', number: '4111111111111111', expMonth: '03', expYear: '2030', securityCode: '123', publicKey: publicKeyPem, keyId: 'v1' });
      console.log((await decryptor.decrypt(encryptedCard)).paymentProfile.cardNumber); })()`;
    for (const [type, load] of [['module', 'await import'], ['commonjs', 'require']] as const) {
      const run = spawnSync(process.execPath, ['--input-type', type, '-e', body(load)], { cwd: app.dir, encoding: 'utf8', timeout: 120_000 });
      expect(`${run.stdout}${run.stderr}`.trim(), type).toBe('4111111111111111');
      expect(run.status, type).toBe(0);
    }
  });
});
