// Types of static-server.mjs for the TypeScript specs.
import type { IncomingMessage } from 'node:http';

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** The folders (relative to the root) served by default: `dist`, `e2e/pages`. */
export const SERVED_FOLDERS: readonly string[];

export function servedPath(target: string | undefined, folders: readonly string[]): { path: string; status?: undefined } | { status: 400 | 404; path?: undefined };

export function startStaticServer(
  root: string,
  headers?: (request: IncomingMessage) => Record<string, string>,
  folders?: readonly string[],
): Promise<StaticServer>;
