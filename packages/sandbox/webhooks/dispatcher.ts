// Delivers pending webhook deliveries: POST the event, signed; a 2xx answer
// ends it, anything else is retried with exponential backoff (base, 2x, 4x,
// ... up to MAX_ATTEMPTS), every answer kept on the delivery. Deliveries run
// on the company's test clock: due when its clock reaches next_attempt_at,
// answers stamped with its time, so advancing the clock brings retries due.
// The signature's t stays the real time: receivers check it against theirs.
// Fair between endpoints (issue 38): each attempt runs on its own with a
// timeout, at most PER_ENDPOINT of one webhook endpoint at once and TOTAL in
// all, taken round-robin across endpoints (whatever their company), so a
// receiver that hangs holds only its own endpoint's slots, for at most the
// timeout: another endpoint, of its company or another, never waits for it.
// TOTAL is MAX_WEBHOOKS_PER_COMPANY x PER_ENDPOINT x 16: a cap on sockets, not a queue.
// Several processes on one PostgreSQL (issue 25): each due attempt is claimed
// (db/claims.ts) and re-read under the claim (still pending, the same attempt,
// still due) before it goes out; the claim is released once its answer is
// written. A killed process's claims end with its connection, and its
// deliveries are taken at another's next poll: delivered at least once, and
// more than once per due attempt only when a process dies between POST and write.
// PER_ENDPOINT and TOTAL are per process.
import type { Permission } from '../auth/permissions.js';
import type { Database } from '../db/database.js';
import type { EventType } from '../events.js';
import { EVENT_PERMISSIONS, MAX_WEBHOOKS_PER_COMPANY } from './event-permissions.js';
import { noteAttempt } from './endpoint-health.js';
import { post, type Attempt } from './post.js';
import { SIGNATURE_HEADER, signatureHeader } from './signature.js';
import { strictPolicy, type TargetPolicy } from './targets.js';

export const MAX_ATTEMPTS = 6;
/** Attempts to one endpoint at once: its deliveries go out two by two, its own slots. */
export const PER_ENDPOINT = 2;
export const TOTAL = MAX_WEBHOOKS_PER_COMPANY * PER_ENDPOINT * 16;
export const DEFAULT_TIMEOUT_MS = 5_000;

interface Due {
  id: string; company_id: string; webhook_id: string; attempts: number; url: string; secret: string; event: unknown; event_id: string; event_type: EventType;
  permissions: Permission[] | null; companies: string[] | null; deleted: boolean;
}

export interface Dispatcher { stop(): Promise<void> }

export interface DispatcherOptions {
  /** The company's time (the test clock); real time when not given. */
  now?: (companyId: string) => Date;
  intervalMs?: number;
  backoffMs?: number;
  timeoutMs?: number;
  /** Where a webhook may POST (targets.ts). */
  targets?: TargetPolicy;
}

/** Why a delivery may no longer go out: its webhook deleted, or its credential no longer reads the event. */
function withdrawn(due: Due): string | undefined {
  if (due.deleted) return 'refused: webhook deleted';
  const needs = EVENT_PERMISSIONS[due.event_type];
  if (!due.permissions?.includes(needs) || !due.companies?.includes(due.company_id)) return `refused: the webhook's credential no longer holds ${needs}`;
  return undefined;
}

export function startDispatcher(db: Database, { now = () => new Date(), intervalMs = 200, backoffMs = 1_000, timeoutMs = DEFAULT_TIMEOUT_MS, targets = strictPolicy() }: DispatcherOptions = {}): Dispatcher {
  let taking: Promise<void> | undefined;
  let stopped = false;
  const stopping = new AbortController();
  const inFlight = new Map<string, Promise<void>>();
  const perEndpoint = new Map<string, number>();

  const deliver = async (due: Due) => {
    const body = JSON.stringify(due.event);
    const at = now(due.company_id);
    const refusal = withdrawn(due);
    const attempt: Attempt = refusal ? { error: refusal } : await post(due.url, {
      'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(due.secret, Math.floor(Date.now() / 1000), body),
      'svc-event-id': due.event_id, 'svc-event-type': due.event_type,
    }, body, targets, AbortSignal.any([AbortSignal.timeout(timeoutMs), stopping.signal]));
    if (stopped) return; // the database is closing; the delivery stays pending for the next start
    const answer = { at: at.toISOString(), ...attempt };
    const attempts = due.attempts + 1;
    const ok = 'status' in attempt && attempt.status >= 200 && attempt.status < 300;
    const status = ok ? 'succeeded' : attempts >= MAX_ATTEMPTS || refusal ? 'failed' : 'pending';
    await db.query(`UPDATE deliveries SET status = $2, attempts = $3, answers = answers || $4::jsonb, next_attempt_at = $5 WHERE id = $1 AND status = 'pending' AND attempts = $3 - 1`,
      [due.id, status, attempts, JSON.stringify([answer]), new Date(at.getTime() + backoffMs * 2 ** (attempts - 1)).toISOString()]);
    // A withdrawn delivery says nothing of the endpoint; any other answer does.
    if (!refusal) await noteAttempt(db, due.webhook_id, ok, at);
  };

  const start = (due: Due) => {
    perEndpoint.set(due.webhook_id, (perEndpoint.get(due.webhook_id) ?? 0) + 1);
    const running = deliver(due).catch(() => {}).finally(async () => {
      await db.claims.release('delivery', due.id).catch(() => {});
      inFlight.delete(due.id);
      const left = (perEndpoint.get(due.webhook_id) ?? 1) - 1;
      if (left > 0) perEndpoint.set(due.webhook_id, left); else perEndpoint.delete(due.webhook_id);
    });
    inFlight.set(due.id, running);
  };

  // On PostgreSQL other processes may hold the first rows: read past them, so each process finds work of its own.
  const spread = db.kind === 'postgres' ? 4 : 1;
  const take = async () => {
    const room = TOTAL - inFlight.size;
    if (room <= 0) return;
    // A company's clock is the real time plus its offset (clock.ts), read here from test_clocks.
    // Each endpoint's due deliveries ranked; rank first, so every endpoint gets its turn before any gets a second.
    const due = await db.query<Due>(`SELECT * FROM (
        SELECT d.id, d.company_id, d.webhook_id, d.attempts, w.url, w.secret, e.data AS event, e.id AS event_id, e.type AS event_type,
          k.permissions, k.companies, w.deleted_at IS NOT NULL AS deleted, d.next_attempt_at, e.seq,
          row_number() OVER (PARTITION BY d.webhook_id ORDER BY d.next_attempt_at, e.seq) AS rank
        FROM deliveries d JOIN webhooks w ON w.id = d.webhook_id JOIN events e ON e.id = d.event_id
          LEFT JOIN credentials k ON k.key_id = w.key_id LEFT JOIN test_clocks c ON c.company_id = d.company_id
        WHERE d.status = 'pending' AND w.disabled_at IS NULL AND NOT (d.id = ANY($1::text[]))
          AND d.next_attempt_at <= now() + COALESCE(c.offset_ms, 0) * interval '1 millisecond') ranked
      WHERE rank <= $2 ORDER BY rank, next_attempt_at, seq LIMIT $3`, [[...inFlight.keys()], PER_ENDPOINT * spread, room * spread]);
    for (const row of due) {
      if (inFlight.size >= TOTAL || (perEndpoint.get(row.webhook_id) ?? 0) >= PER_ENDPOINT || stopped || inFlight.has(row.id)) continue;
      if (!(await db.claims.tryClaim('delivery', row.id))) continue; // another process has it
      const [still] = await db.query(`SELECT 1 FROM deliveries d LEFT JOIN test_clocks c ON c.company_id = d.company_id
        WHERE d.id = $1 AND d.status = 'pending' AND d.attempts = $2 AND d.next_attempt_at <= now() + COALESCE(c.offset_ms, 0) * interval '1 millisecond'`,
      [row.id, row.attempts]).catch(() => []);
      if (still && !stopped) start(row);
      else await db.claims.release('delivery', row.id).catch(() => {});
    }
  };

  const timer = setInterval(() => {
    if (taking || stopped) return;
    taking = take().catch(() => {}).finally(() => { taking = undefined; });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopping.abort();
      await taking;
      await Promise.all(inFlight.values());
    },
  };
}
