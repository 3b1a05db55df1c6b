// Types of docs-server.mjs.
export interface Docs { url: string; sandboxUrl: string; frameOrigin: string; close(): Promise<void> }
export function startDocs(options?: { port?: number; elementOnly?: boolean; keysDir?: string }): Promise<Docs>;
