// Where e2e tests find the project (dist/, demo/) and the shared vectors.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname ?? __dirname, '../..');
export const VECTORS = resolve(ROOT, '../shared/vectors');

export const readVector = (path: string): string => readFileSync(resolve(VECTORS, path), 'utf8');
