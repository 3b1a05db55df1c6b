// Types of server.mjs for the TypeScript tests.
export interface MerchantConfig {
  /** Merchant port; 0 picks a free one. */
  port?: number;
  sandboxUrl: string;
  apiKey: string;
  companyId: string;
  /** The sandbox product the store sells: its price and installment plans are read from the sandbox. */
  productId: string;
  /** The subscription plan sold by PIX Automático (POST /api/subscribe). */
  planId?: string;
  publicKey: string;
  keyId: string;
  /** The card frame (issue 9): with it the page is in frame mode unless `?isolation=inline`. */
  frame?: { origin: string; src: string; script: string; integrity: string };
  /** Runs once per order, when a verified webhook first finds it paid. */
  fulfil?: (order: { id: string }) => void;
  /** The fetch under the merchant's @svc-card/client (default: the global fetch). */
  apiFetch?: (request: Request) => Promise<Response>;
}

export function startMerchant(config: MerchantConfig): Promise<{ url: string; port: number; scriptPath: string; integrity: string; close(): Promise<void>; webhook: { id: string; secret: string; url: string } }>;
