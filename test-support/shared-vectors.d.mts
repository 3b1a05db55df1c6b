// Types of shared-vectors.mjs for the TypeScript tests.
export interface ValidationCase {
  name: string;
  input: Record<string, unknown>;
  errors: string[];
}

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

export interface DecryptVectorFile {
  /** keyId -> private PEM file, relative to the vectors dir (`keys/...`). */
  keys: Record<string, string>;
  vectors: DecryptVector[];
  replay: { token: unknown; now: number; options: DecryptVector['options'] };
}

/** test/vectors, the project's copy. */
export const sharedVectorsDir: string;
/** ../shared/vectors beside the clone, when present. */
export const upstreamVectorsDir: string;
export function readSharedFile(relativePath: string): string;
export function readSharedKey(fileName: string): string;
export function validationVectors(): ValidationCase[];
export function decryptVectors(): DecryptVectorFile;
export function decryptVectorKeys(): Record<string, string>;
