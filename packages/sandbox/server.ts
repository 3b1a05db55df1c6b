// startSandbox: the database (PGlite folder, memory, or DATABASE_URL), the
// app, and an HTTP server on loopback whose timeouts end slow clients.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import { buildApp, type SandboxApp } from './app.js';
import { loadTestClocks } from './clock.js';
import type { SandboxContext } from './context.js';
import { openDatabase, type Database, type StorageOptions } from './db/database.js';
import { SANDBOX_EXTENSIONS } from './extensions.js';
import type { Decryptor } from './payment/open-card.js';
import { createRecentRecords, type RecentRecords } from './recent.js';
import { startDispatcher } from './webhooks/dispatcher.js';
import type { TargetPolicy } from './webhooks/targets.js';
import { startBatchWorker } from './billing/batch-worker.js';
import { rawRefusal, refusePriAtOnce } from './http/unrouted.js';
import { DEFAULT_MAX_CONNECTIONS } from './http/connections.js';
import { guardTimeoutsAgainstStalls } from './http/stall-guard.js';
import type { IdempotencyOptions } from './http/idempotency.js';
import { insertCharge, seed } from './seed.js';


export interface SandboxOptions extends StorageOptions {
  decryptor: Decryptor;
  /** 0 (default): a free port. */
  port?: number;
  /** First webhook retry delay, doubled at each attempt (default 1 s). */
  webhookBackoffMs?: number;
  /** How long one webhook attempt may take before it counts as no answer (default 5 s). */
  webhookTimeoutMs?: number;
  /**
   * Webhooks may POST to loopback (127.0.0.0/8, ::1, localhost): a receiver on the merchant's machine, the
   * tests, the demo. On by default; false for a sandbox shared by several people (a CI runner). The
   * sandbox's own port stays refused either way (webhooks/targets.ts).
   */
  allowLoopbackWebhooks?: boolean;
  /** Headers and body must arrive within this time (default 10 s), else 408. */
  requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open (default 5 s). */
  keepAliveTimeoutMs?: number;
  extensions?: FastifyPluginAsync[];
  /** Open connections at once (default 256); a connection past it is closed as it opens. */
  maxConnections?: number;
  /** Idempotency-Key's clock (real time by default) and how long a request waits on its key in flight (10 s). */
  idempotency?: IdempotencyOptions;
}

export interface Sandbox {
  url: string;
  port: number;
  app: SandboxApp;
  db: Database;
  /** The last 1,000 transactions this process made (a view for tests), and a charge maker. */
  records: RecentRecords & { addCharge(options?: { companyId?: string; cents?: number; _id?: string }): Promise<{ _id: string; status: string }> };
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const db = await openDatabase(options.memory || options.dataDir || options.databaseUrl ? options : { ...options, memory: true });
  const requestTimeout = options.requestTimeoutMs ?? 10_000;
  try {
    await seed(db);
    const clocks = await loadTestClocks(db);
    const webhookTargets: TargetPolicy = { allowLoopback: options.allowLoopbackWebhooks ?? true, ownPorts: [] };
    const ctx: SandboxContext = { db, decryptor: options.decryptor, now: clocks.now, clocks, recent: createRecentRecords(), webhookTargets };
    const app = await buildApp(ctx, {
      extensions: [...SANDBOX_EXTENSIONS, ...(options.extensions ?? [])],
      ...(options.idempotency ? { idempotency: options.idempotency } : {}),
      serverFactory: (handler) => createServer({
        requestTimeout, headersTimeout: requestTimeout, keepAliveTimeout: options.keepAliveTimeoutMs ?? 5_000,
        // A request without Host is refused by the app, in the part-7 body (http/unrouted.ts), not by Node with an empty one.
        requireHostHeader: false,
        // How often Node looks for requests past their time (its default, 30 s, would let a slow body live 40 s).
        connectionsCheckingInterval: Math.min(1_000, requestTimeout),
      }, handler as (req: IncomingMessage, res: ServerResponse) => void),
    });
    // Without a listener Node drops a CONNECT without a word: answer it as any method without a route.
    app.server.on('connect', (request, socket) => socket.end(rawRefusal(404, 'not_found', request.url ?? '', `no sandbox route CONNECT ${request.url}`)));
    refusePriAtOnce(app.server);
    // After the event loop was held, these timeouts would fire before the requests waiting were read.
    const stopGuard = guardTimeoutsAgainstStalls(app.server, { checkingIntervalMs: Math.min(1_000, requestTimeout) });
    app.server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
    await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    webhookTargets.ownPorts.push(port);
    const dispatcher = startDispatcher(db, {
      now: clocks.now, backoffMs: options.webhookBackoffMs ?? 1_000, targets: webhookTargets, ...(options.webhookTimeoutMs ? { timeoutMs: options.webhookTimeoutMs } : {}),
    });
    const batches = startBatchWorker(ctx);
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      app,
      db,
      records: { ...ctx.recent, addCharge: (o) => insertCharge(db, o) },
      close: async () => {
        await dispatcher.stop();
        await batches.stop();
        stopGuard();
        app.server.closeAllConnections();
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
