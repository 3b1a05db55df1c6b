// The client's types as a merchant meets them: the files of
// test/client/merchant-code are compiled with the project's compiler options;
// they must have no error (a mistake they make on purpose is marked as an
// expected error, so a type that stops catching it is an error too).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

const folder = fileURLToPath(new URL('./merchant-code/', import.meta.url));
const tsconfig = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

it('merchant code type-checks as written: answers typed as they come (204 undefined), mistakes caught', () => {
  const { config } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, fileURLToPath(new URL('../../', import.meta.url)));
  const files = readdirSync(folder).filter((f) => f.endsWith('.ts')).map((f) => folder + f);
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const errors = ts.getPreEmitDiagnostics(program).map((d) =>
    `${d.file ? `${d.file.fileName.slice(folder.length)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  expect(errors).toEqual([]);
});
