// Types of server.mjs for the TypeScript e2e tests.
export interface SandboxRecords {
  products: Map<string, { _id: string; companyId: string; cents: number; title: string }>;
  charges: Map<string, Record<string, unknown>>;
  transactions: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, Record<string, unknown>>;
  addCharge(options?: { companyId?: string; cents?: number; _id?: string }): { _id: string; status: string };
}

export interface SandboxCredential { keyId: string; secret: string; companies: string[]; permissions: string[] }
export const SANDBOX_CREDENTIAL: SandboxCredential;

export function startSandbox(options: {
  decryptor: { decrypt(token: unknown): Promise<{ paymentProfile: object; keyId: string }> };
  port?: number;
  credentials?: SandboxCredential[];
  /** dist/server.js createCardFrameHost: serves the card frame's files, headers and JWKS. */
  frameHost?: { handle(request: unknown, response: unknown): boolean };
}): Promise<{ url: string; records: SandboxRecords; close(): Promise<void> }>;
