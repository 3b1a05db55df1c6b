// The client's types as a merchant meets them: the files of
// test/client/merchant-code are compiled with the project's compiler options;
// they must have no error (a mistake they make on purpose is marked as an
// expected error, so a type that stops catching it is an error too).
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { codeBlocks } from '../package/support/readme-blocks.js';

const folder = fileURLToPath(new URL('./merchant-code/', import.meta.url));
const tsconfig = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

/** The compiler's errors for these files, with the project's options, each as `file:line message`. */
function typeErrors(files: string[], base: string): string[] {
  const { config } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, fileURLToPath(new URL('../../', import.meta.url)));
  const program = ts.createProgram(files, { ...options, noEmit: true });
  return ts.getPreEmitDiagnostics(program).map((d) =>
    `${d.file ? `${d.file.fileName.slice(base.length)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

it('merchant code type-checks as written: answers typed as they come (204 undefined), mistakes caught', () => {
  const files = readdirSync(folder).filter((f) => f.endsWith('.ts')).map((f) => folder + f);
  expect(typeErrors(files, folder)).toEqual([]);
});

// What the README's sample takes as given, the merchant's own values; one line, so an error at
// line n of block-L.ts is line L + n - 1 of the README.
const README_PRELUDE = [
  'declare const companyId: string;',
  `declare const token: import('${fileURLToPath(new URL('../../src/core/index.js', import.meta.url))}').EncryptedCard;`,
  "declare const secret: string; declare const request: import('node:http').IncomingMessage; declare const rawBody: string;\n",
].join(' ');

it('packages/client/README.md: each code block type-checks as written, as a TypeScript file would take it', () => {
  const readme = readFileSync(fileURLToPath(new URL('../../packages/client/README.md', import.meta.url)), 'utf8');
  const blocks = codeBlocks(readme).filter((b) => ['js', 'ts'].includes(b.lang));
  expect(blocks.length).toBeGreaterThan(0);
  const dir = mkdtempSync(join(tmpdir(), 'svc-client-readme-'));
  try {
    const source = fileURLToPath(new URL('../../packages/client/src/index.js', import.meta.url));
    const files = blocks.map((b) => {
      const file = join(dir, `block-${b.line}.ts`);
      // The published name, read from this checkout's sources; `export {}`: a module, top-level await allowed.
      writeFileSync(file, `${README_PRELUDE}${b.code.replaceAll("'@svc-card/client'", `'${source}'`)}\nexport {};\n`);
      return file;
    });
    expect(typeErrors(files, `${dir}/`)).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
