// Sandbox only: "the network dropped after the sandbox answered" (POST /sandbox/v1/faults/drops).
// The next `count` POSTs of a company to one path run and commit as usual (an Idempotency-Key's
// answer is kept first: idempotency.ts's onSend runs before this one), then the connection is
// closed without an answer, as when the network fails between the sandbox and the merchant's
// server. Each drop notes whether it carried an Idempotency-Key and whether a later request
// with that key got the kept answer back (a retry done right). Kept in this process's memory.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REPLAYED_HEADER } from './idempotency-schema.js';

/** The calls a drop may follow: those that pay or make what is paid. */
export const DROP_PATHS = ['/v1/transaction', '/v1/charge', '/v1/charge/pay'] as const;
export type DropPath = (typeof DROP_PATHS)[number];

export interface Drop {
  _id: string; companyId: string; path: DropPath; at: string; status: number;
  /** The dropped request's Idempotency-Key, or null when it had none (its retry cannot be told from a new payment). */
  idempotencyKey: string | null;
  /** A later request with that key got the kept answer (Idempotent-Replayed: true). */
  retried: boolean;
}
interface Armed { companyId: string; path: DropPath; left: number }

export interface AnswerDrops {
  arm(companyId: string, path: DropPath, count: number): void;
  list(companyId: string): Drop[];
  clear(companyId: string): number;
}

// onSend sees refused bodies too: a companyId that is not a string (even one whose toString throws) is no company's.
const companyOf = (request: FastifyRequest) => {
  const companyId = (request.body as { companyId?: unknown } | null | undefined)?.companyId;
  return typeof companyId === 'string' ? companyId : '';
};

export function installAnswerDrops(app: FastifyInstance): AnswerDrops {
  const armed: Armed[] = [];
  const drops: Drop[] = [];
  let made = 0;
  // A callback hook, passing at once when no drop is armed or kept (every answer but a test's).
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.routeOptions.url as DropPath;
    if ((armed.length === 0 && drops.length === 0) || request.method !== 'POST' || !DROP_PATHS.includes(path)) return done(null, payload);
    const companyId = companyOf(request);
    const key = request.idempotency?.key ?? null;
    if (key !== null && reply.getHeader(REPLAYED_HEADER) === 'true') {
      for (const drop of drops) if (drop.companyId === companyId && drop.path === path && drop.idempotencyKey === key) drop.retried = true;
    }
    const fault = armed.find((a) => a.companyId === companyId && a.path === path && a.left > 0);
    // A refusal of the request itself (a 4xx) was not committed: only what was written is dropped.
    if (!fault || reply.statusCode >= 400) return done(null, payload);
    fault.left -= 1;
    drops.push({ _id: `drp_${++made}`, companyId, path, at: new Date().toISOString(), status: reply.statusCode, idempotencyKey: key, retried: false });
    // inject() (light-my-request) has no connection to drop, and its stand-in socket no destroy: answered as usual.
    const { socket } = request.raw;
    if (typeof socket?.destroy === 'function') socket.destroy();
    done(null, payload);
  });
  return {
    arm(companyId, path, count) { armed.push({ companyId, path, left: count }); },
    list: (companyId) => drops.filter((d) => d.companyId === companyId),
    clear(companyId) {
      const before = armed.length + drops.length;
      for (const list of [armed, drops] as { companyId: string }[][]) for (let i = list.length - 1; i >= 0; i--) if (list[i]!.companyId === companyId) list.splice(i, 1);
      return before - armed.length - drops.length;
    },
  };
}
