// Delivers pending webhook deliveries: POST the event, signed; a 2xx answer
// ends it, anything else is retried with exponential backoff (base, 2x, 4x,
// ... up to MAX_ATTEMPTS), every answer kept on the delivery. Deliveries run
// on the company's test clock: due when its clock reaches next_attempt_at,
// answers stamped with its time, so advancing the clock brings retries due.
// The signature's t stays the real time: receivers check it against theirs.
import type { Database } from '../db/database.js';
import { SIGNATURE_HEADER, signatureHeader } from './signature.js';

export const MAX_ATTEMPTS = 6;

interface Due { id: string; company_id: string; attempts: number; url: string; secret: string; event: unknown; event_id: string; event_type: string }

export interface Dispatcher { stop(): Promise<void> }

export interface DispatcherOptions {
  /** The company's time (the test clock); real time when not given. */
  now?: (companyId: string) => Date;
  intervalMs?: number;
  backoffMs?: number;
  timeoutMs?: number;
}

export function startDispatcher(db: Database, { now = () => new Date(), intervalMs = 200, backoffMs = 1_000, timeoutMs = 5_000 }: DispatcherOptions = {}): Dispatcher {
  let running: Promise<void> | undefined;
  let stopped = false;
  const deliver = async (due: Due) => {
    const body = JSON.stringify(due.event);
    const at = now(due.company_id);
    let answer: { at: string; status?: number; error?: string };
    try {
      const response = await fetch(due.url, {
        method: 'POST', body, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(due.secret, Math.floor(Date.now() / 1000), body), 'svc-event-id': due.event_id, 'svc-event-type': due.event_type },
      });
      await response.body?.cancel();
      answer = { at: at.toISOString(), status: response.status };
    } catch (error) {
      answer = { at: at.toISOString(), error: error instanceof Error ? error.name : 'Error' };
    }
    const attempts = due.attempts + 1;
    const ok = answer.status !== undefined && answer.status >= 200 && answer.status < 300;
    const status = ok ? 'succeeded' : attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
    await db.query(`UPDATE deliveries SET status = $2, attempts = $3, answers = answers || $4::jsonb, next_attempt_at = $5 WHERE id = $1`,
      [due.id, status, attempts, JSON.stringify([answer]), new Date(at.getTime() + backoffMs * 2 ** (attempts - 1)).toISOString()]);
  };
  const tick = async () => {
    // A company's clock is the real time plus its offset (clock.ts), read here from test_clocks.
    const due = await db.query<Due>(`SELECT d.id, d.company_id, d.attempts, w.url, w.secret, e.data AS event, e.id AS event_id, e.type AS event_type
      FROM deliveries d JOIN webhooks w ON w.id = d.webhook_id JOIN events e ON e.id = d.event_id LEFT JOIN test_clocks c ON c.company_id = d.company_id
      WHERE d.status = 'pending' AND d.next_attempt_at <= now() + COALESCE(c.offset_ms, 0) * interval '1 millisecond' ORDER BY d.next_attempt_at, e.seq LIMIT 20`);
    await Promise.all(due.map(deliver));
  };
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = tick().catch(() => {}).finally(() => { running = undefined; });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
