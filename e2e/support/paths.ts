// Where e2e tests find the project (dist/, demo/); the shared vectors: test-support/shared-vectors.mjs.
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname ?? __dirname, '../..');
