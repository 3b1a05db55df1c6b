// Work several sandbox processes on one PostgreSQL must not do twice (a webhook
// delivery's due attempt, a batch, a company's clock move, a request under an
// Idempotency-Key) is claimed first:
// a session-level advisory lock, pg_try_advisory_lock(kind, hashtext(id)), held
// on a connection of its own for as long as the work runs and released after
// its result is written. A process that dies (SIGKILL included) loses its
// connection, and PostgreSQL frees its locks at once: another process takes
// the work at its next poll, no lease to wait out. A lock only says who works;
// the work itself is re-read under it (still pending, still the same attempt)
// and written with conditions, so a late or duplicate claim changes nothing.
// PGlite is one process: claims there are kept in memory.
//
// Chosen over FOR UPDATE SKIP LOCKED (it would hold a transaction, and a pooled
// connection, open across a webhook POST of up to 5 s) and over leases (a killed
// process's work would wait for its lease to run out), and over pg-boss or
// graphile-worker (a second store of the work, and a dependency, for three tables).

export type ClaimKind = 'delivery' | 'batch' | 'clock' | 'idempotency';
const KIND_NUMBER: Record<ClaimKind, number> = { delivery: 2501, batch: 2502, clock: 2503, idempotency: 2504 };

export interface Claims {
  /** True when this process now holds the claim (false: another process does). */
  tryClaim(kind: ClaimKind, id: string): Promise<boolean>;
  release(kind: ClaimKind, id: string): Promise<void>;
  close(): Promise<void>;
}

/** Claims for one process alone (PGlite): a set. */
export function localClaims(): Claims {
  const held = new Set<string>();
  return {
    async tryClaim(kind, id) {
      const key = `${kind}:${id}`;
      if (held.has(key)) return false;
      held.add(key);
      return true;
    },
    async release(kind, id) { held.delete(`${kind}:${id}`); },
    async close() { held.clear(); },
  };
}

interface LockConnection { query(sql: string, params: unknown[]): Promise<{ rows: { ok: boolean }[] }>; end(): Promise<void> }

/**
 * Claims on PostgreSQL through one connection of their own (`connect` opens it on first use).
 * A claim this process already holds is refused too (advisory locks stack within a session).
 * If that connection breaks, its locks are gone: every claim is refused until a new one is open.
 */
export function advisoryClaims(connect: () => Promise<LockConnection>): Claims {
  let connection: Promise<LockConnection> | undefined;
  const held = new Set<string>();
  const open = () => {
    connection ??= connect().catch((error: unknown) => { connection = undefined; throw error; });
    return connection;
  };
  const forget = () => { held.clear(); connection = undefined; };
  // One query at a time on the connection (node-postgres deprecates queries issued while one runs).
  let tail: Promise<unknown> = Promise.resolve();
  const lock = (sql: string, kind: ClaimKind, id: string) => {
    const run = tail.then(async () => (await open()).query(sql, [KIND_NUMBER[kind], id]));
    tail = run.catch(() => {});
    return run;
  };
  return {
    async tryClaim(kind, id) {
      const key = `${kind}:${id}`;
      if (held.has(key)) return false;
      held.add(key);
      try {
        const { rows } = await lock('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', kind, id);
        if (rows[0]?.ok) return true;
      } catch {
        forget();
      }
      held.delete(key);
      return false;
    },
    async release(kind, id) {
      const key = `${kind}:${id}`;
      if (!held.delete(key)) return;
      try {
        await lock('SELECT pg_advisory_unlock($1, hashtext($2)) AS ok', kind, id);
      } catch {
        forget();
      }
    },
    async close() {
      const current = connection;
      forget();
      await (await current?.catch(() => undefined))?.end();
    },
  };
}

/** Runs `work` while holding the claim, waiting (polling every `pollMs`) while another process holds it. */
export async function withClaim<T>(claims: Claims, kind: ClaimKind, id: string, work: () => Promise<T>, pollMs = 25): Promise<T> {
  while (!(await claims.tryClaim(kind, id))) await new Promise((resolve) => setTimeout(resolve, pollMs));
  try {
    return await work();
  } finally {
    await claims.release(kind, id);
  }
}
