// Types of static-server.mjs for the TypeScript specs.
import type { IncomingMessage } from 'node:http';

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export function startStaticServer(root: string, headers?: (request: IncomingMessage) => Record<string, string>): Promise<StaticServer>;
