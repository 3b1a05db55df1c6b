// The description's section on several sandbox processes over one PostgreSQL
// (issue 25): who takes which background work, and what a killed process leaves.
import { MAX_ATTEMPTS, PER_ENDPOINT, TOTAL } from '../../webhooks/dispatcher.js';

export const PROCESSES_SECTION = `
## Several processes on one PostgreSQL

Sandbox processes started with the same DATABASE_URL share one database and answer any request alike. Their background work is taken by one process at a time: each webhook delivery's due attempt, each batch of POST /v1/subscription/list, and each company's clock move (POST /sandbox/v1/clock/advance, whose days are billed by the process that answers it). A process takes such work with a PostgreSQL advisory lock (pg_try_advisory_lock) held on a connection of its own while the work runs, re-reads the work under it (still pending, the same attempt, still due), and writes its result with conditions, so a second taker changes nothing. Chosen over FOR UPDATE SKIP LOCKED, which would hold a transaction open across a webhook POST, over leases, which would leave a dead process's work waiting for its lease to end, and over a job queue (pg-boss, graphile-worker), a second store of the same work.

- **A process that dies** (SIGKILL included) loses its connection, and PostgreSQL frees its locks at once: its deliveries and its batch are taken at another process's next poll (200 ms). A batch goes on from its first item without a result; each item's subscription and its result are written in one database transaction, so every item is created once.
- **Webhooks are delivered at least once.** A delivery goes out once per due attempt, except when a process dies after its POST and before writing the answer: that attempt goes out again from another process. Receivers deduplicate on svc-event-id. Each process sends at most ${PER_ENDPOINT} deliveries to one endpoint and ${TOTAL} in all at once; ${MAX_ATTEMPTS} attempts in all, as with one process.
- **Clock moves** of one company wait for each other across processes; a process reads the company's clock again when it takes the move, and announces each move in the transaction that makes it (NOTIFY on a channel every process LISTENs to, on a connection of its own). Every process takes the later time, so a company has one clock whichever process answers; GET /sandbox/v1/clock reads it from the database. A process whose listening connection breaks opens it again and reads every clock anew.
- **PGlite** (the default) is one process: the same rules hold with the locks kept in memory.
`;
