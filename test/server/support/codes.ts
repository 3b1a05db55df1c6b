import { readFileSync } from 'node:fs';
import { TokenError, type TokenErrorCode } from '../../../src/server/index.js';

/**
 * The codes of the acceptance table of TOKEN-FORMAT.md (docs/token-format.md, "What a service
 * accepts"), in its order: read from the document the decryptor follows, not a list kept here.
 */
export function acceptanceTableCodes(markdown: string): string[] {
  const [, section = ''] = markdown.split('\n## What a service accepts\n');
  const [table = ''] = section.split('\n## ');
  return [...table.matchAll(/^\| \d+ \|.*\| `([A-Z_]+)` \|$/gm)].map((row) => row[1]!);
}

export const TABLE_CODES = acceptanceTableCodes(readFileSync(new URL('../../../docs/token-format.md', import.meta.url), 'utf8')) as TokenErrorCode[];

/** The code a rejected promise carries; fails the test when it resolves or throws something else. */
export async function codeOf(promise: Promise<unknown>): Promise<TokenErrorCode> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TokenError) return error.code;
    throw error;
  }
  throw new Error('expected a TokenError, but it resolved');
}
