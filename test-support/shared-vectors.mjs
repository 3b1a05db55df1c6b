// The test vectors, made by an independent implementation and kept in the project as data
// (test/vectors/, a byte-for-byte copy of the team's shared set: test/core/vectors-copy.test.ts
// checks that whenever ../shared/vectors is beside the clone). One loader for Vitest, the
// Playwright specs and the plain-Node WebKit runner; paths resolve against this file, never
// process.cwd(), so any working dir works.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Absolute path of the project's vectors, test/vectors. */
// Strings, not new URL(): under happy-dom the global URL is not Node's.
export const sharedVectorsDir = join(projectRoot, 'test/vectors');

/** Absolute path of the team's original set, ../shared/vectors beside the clone (may be absent). */
export const upstreamVectorsDir = resolve(projectRoot, '../shared/vectors');

/** The text of a file under the vectors dir, e.g. `readSharedFile('keys/rsa-2048-private.pem')`. */
export const readSharedFile = (relativePath) => readFileSync(join(sharedVectorsDir, relativePath), 'utf8');

/** A PEM from vectors/keys by its file name, e.g. `readSharedKey('rsa-2048-private.pem')`. */
export const readSharedKey = (fileName) => readSharedFile(join('keys', fileName));

/** The cases of validation-vectors.json: input and the error codes in order. */
export const validationVectors = () => JSON.parse(readSharedFile('validation-vectors.json')).cases;

/** decrypt-vectors.json as it is: keys (keyId -> file under the vectors dir), vectors, replay. */
export const decryptVectors = () => JSON.parse(readSharedFile('decrypt-vectors.json'));

/** keyId -> private PEM, as decrypt-vectors.json names them (for `createDecryptor({ keys })`). */
export const decryptVectorKeys = () =>
  Object.fromEntries(Object.entries(decryptVectors().keys).map(([keyId, file]) => [keyId, readSharedFile(file)]));
