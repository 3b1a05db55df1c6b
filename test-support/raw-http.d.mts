// Types of raw-http.mjs for the TypeScript tests.
export interface RawAnswer {
  /** The final status code, or null when no answer came. */
  status: number | null;
  head?: string;
  /** The body as framed (UTF-8 text), with `readBody`; '' for HEAD, 204 and 304. */
  body?: string;
  /** Why no answer came, or why `body` is incomplete. */
  reason?: string;
}

export function rawRequest(
  port: number,
  parts: Array<string | Buffer>,
  options?: { delayMs?: number; end?: boolean; timeoutMs?: number; readBody?: boolean },
): Promise<RawAnswer>;

export function rawMessage(request: {
  method?: string;
  target?: string;
  version?: string;
  headers?: Array<[string, string]>;
  body?: string | Buffer;
}): Buffer;
