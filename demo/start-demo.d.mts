// Types of start-demo.mjs for the TypeScript e2e tests.
import type { FastifyPluginAsync } from 'fastify';
import type { Sandbox } from '../packages/sandbox/server.js';

export interface DemoOptions {
  /** Merchant port; 0 picks a free one. Default 4173. */
  port?: number;
  /** Sandbox port; default 0 (a free one). */
  sandboxPort?: number;
  /** Where the key pair lives; default demo/.keys/. */
  keysDir?: string;
  /** Passed to createDecryptor (e.g. `now`, `maxAgeSeconds`). */
  decryptorOptions?: Record<string, unknown>;
  /** The sandbox's PGlite data folder; default: in memory, gone at close(). */
  sandboxDataDir?: string;
  /** In memory: a dump of a migrated database to start from instead of initdb; default $SVC_SANDBOX_MEMORY_IMAGE (set by the test runs). */
  sandboxImage?: string;
  /** Extra sandbox routes (packages/sandbox/extensions.ts). */
  extensions?: FastifyPluginAsync[];
  /** Other origins allowed to embed the card frame besides the merchant's (read at each frame request). */
  embedders?: () => readonly string[];
  /** Runs once per order, when a verified webhook first finds it paid (the store's fulfilment). */
  fulfil?: (order: DemoOrder) => void;
  /** The fetch under the merchant's @svc-card/client (default: the global fetch): tests drop answers with it. */
  apiFetch?: (request: Request) => Promise<Response>;
}

/** An order of the demo store (demo/merchant/orders.mjs): the fields tests read. */
export interface DemoOrder {
  id: string; cents: number; chargeId?: string; attempt: number; payment?: { _id: string; status: string }; fulfilledAt?: string;
  /** What the order buys: the product, or the monthly plan (`/?plan=monthly`). */
  kind: 'product' | 'plan';
  /** The plan's subscription and its latest mandate (demo/merchant/plan-mandate.mjs). */
  plan?: { asks: number; subscriptionId?: string; mandateId?: string; status?: string };
}

export interface Demo {
  /** The checkout page's origin, e.g. http://127.0.0.1:4173 */
  url: string;
  port: number;
  sandboxUrl: string;
  /** The card frame on a server of its own (issue 9, 29): its origin (http://localhost:<frame port>), page URL, merchant script and SRI. */
  frame: { origin: string; src: string; script: string; integrity: string };
  sandbox: Sandbox;
  merchant: {
    url: string; port: number; scriptPath: string; integrity: string; close(): Promise<void>;
    /** The merchant's webhook endpoint as registered with the sandbox, with its signing secret. */
    webhook: { id: string; secret: string; url: string };
    orders: { get(id: string): DemoOrder | undefined; ofCharge(chargeId: string): DemoOrder | undefined };
  };
  keys: { keyId: string; created: boolean; dir: string; publicKeyPem: string; privateKeyPem: string };
  close(): Promise<void>;
}

export function startDemo(options?: DemoOptions): Promise<Demo>;
