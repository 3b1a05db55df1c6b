// The transport under every call: an Idempotency-Key made once per call on POST
// and PUT (kept when the caller gave one), sent again unchanged on each retry;
// retries only where the call may not have run or was refused for load: a
// network error (no answer, or none within the timeout), 408, 429, 503. Never
// any other 4xx (the same request would be refused again) nor another 5xx
// (it may have run). Waits grow: base, 2x, 4x, ... capped, with jitter, or the
// answer's Retry-After when it asks for longer (still capped).
import { ApiError, NetworkError } from './errors.js';

export const RETRIED_STATUSES: readonly number[] = [408, 429, 503];
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface RetryOptions {
  /** Retries after the first attempt (default 2: three attempts in all). 0 turns retries off. */
  maxRetries?: number;
  /** The first wait (default 500 ms), doubled at each retry. */
  backoffMs?: number;
  /** No wait longer than this (default 8 s). */
  maxBackoffMs?: number;
  /** One attempt's wait for its answer (status and headers) before it counts as a network error (default 30 s); reading the body after, an export's stream say, is not bounded by it. */
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date, as milliseconds from now; undefined when absent or unreadable. */
function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export function waitBefore(retry: number, { backoffMs = 500, maxBackoffMs = 8_000 }: RetryOptions, response?: Response): number {
  const grown = Math.min(maxBackoffMs, backoffMs * 2 ** retry);
  const jittered = grown / 2 + Math.random() * (grown / 2);
  const asked = response ? retryAfterMs(response) : undefined;
  return Math.min(maxBackoffMs, Math.max(jittered, asked ?? 0));
}

/** A fetch for openapi-fetch: keys, retries, and ApiError for every answer that is not 2xx. */
export function retryingFetch(base: typeof fetch, options: RetryOptions, newKey: () => string): (request: Request) => Promise<Response> {
  const maxRetries = options.maxRetries ?? 2;
  const timeoutMs = options.timeoutMs ?? 30_000;
  return async (request) => {
    let key = request.headers.get(IDEMPOTENCY_HEADER) ?? undefined;
    if (key === undefined && (request.method === 'POST' || request.method === 'PUT')) {
      key = newKey();
      request.headers.set(IDEMPOTENCY_HEADER, key);
    }
    for (let retry = 0; ; retry++) {
      const last = retry >= maxRetries;
      // The timer stops once the answer is here: an export read slowly item by item is not cut.
      const timer = new AbortController();
      const timeout = setTimeout(() => timer.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timer.signal]) : timer.signal;
      let response: Response;
      try {
        response = await base(new Request(request.clone(), { signal }));
      } catch (error) {
        // The caller's own abort is not a network error: it ends the call.
        if (request.signal?.aborted) throw error;
        if (last) throw new NetworkError(error, key);
        await sleep(waitBefore(retry, options));
        continue;
      } finally {
        clearTimeout(timeout);
      }
      if (response.ok) return response;
      if (last || !RETRIED_STATUSES.includes(response.status)) throw await ApiError.from(response, key);
      await response.body?.cancel();
      await sleep(waitBefore(retry, options, response));
    }
  };
}
