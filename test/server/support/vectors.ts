// The shared vectors (../shared/vectors), made by an independent implementation.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const vectorsDir = resolve(process.cwd(), '../shared/vectors');

export interface DecryptVector {
  name: string;
  note: string;
  token: unknown;
  compactJwe?: string;
  /** Seconds since the epoch. */
  now: number;
  options: { maxAgeSeconds: number; clockToleranceSeconds: number };
  expect:
    | { paymentProfile: Record<string, string>; jti: string; iat: number; keyId: string }
    | { error: string };
}

interface VectorFile {
  keys: Record<string, string>;
  vectors: DecryptVector[];
  replay: { token: unknown; now: number; options: DecryptVector['options'] };
}

export const decryptVectors = JSON.parse(readFileSync(resolve(vectorsDir, 'decrypt-vectors.json'), 'utf8')) as VectorFile;

export const readKey = (file: string): string => readFileSync(resolve(vectorsDir, file), 'utf8');

/** keyId -> private PEM, as the vector file names them. */
export const vectorKeys: Record<string, string> = Object.fromEntries(
  Object.entries(decryptVectors.keys).map(([keyId, file]) => [keyId, readKey(file)]),
);
