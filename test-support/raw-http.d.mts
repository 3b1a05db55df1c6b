// Types of raw-http.mjs for the TypeScript tests.
export interface RawAnswer {
  /** The final status code, or null when no answer came. */
  status: number | null;
  head?: string;
  reason?: string;
}

export function rawRequest(
  port: number,
  parts: Array<string | Buffer>,
  options?: { delayMs?: number; end?: boolean; timeoutMs?: number },
): Promise<RawAnswer>;

export function rawMessage(request: {
  method?: string;
  target?: string;
  version?: string;
  headers?: Array<[string, string]>;
  body?: string | Buffer;
}): Buffer;
