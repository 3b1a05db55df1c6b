// Types of demo-process.mjs for the TypeScript tests.
export interface DemoProcess {
  merchantUrl: string;
  sandboxUrl: string;
  publicKeyPem: string;
  keyId: string;
  alive(): boolean;
  stderr(): string;
  memory(): Promise<{ rss: number; heapUsed: number }>;
  stop(): Promise<{ code: number | null; signal: string | null }>;
}

export function startDemoProcess(): Promise<DemoProcess>;
