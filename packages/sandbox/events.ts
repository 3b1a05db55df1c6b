// Events (part 6): one per row of the state tables (domain/states/*), emitted
// by the move after its write with the record as written (http/docs/events.ts
// lists them). Stored in `events`; webhooks.ts delivers them to the webhooks allowed to read them.
import type { Queryable } from './db/database.js';
import { membersJson } from './db/record-json.js';
import type { WriteMany } from './db/write-buffer.js';
import { newId } from './store/tables.js';
import { EVENT_PERMISSIONS } from './webhooks/event-permissions.js';

export type EventType =
  | 'transaction.created' | 'transaction.updated'
  | 'charge.created' | 'charge.paid' | 'charge.payment_failed' | 'charge.overdue' | 'charge.updated'
  | 'subscription.created' | 'subscription.updated' | 'subscription.canceled'
  | 'client.updated' | 'alert.created' | 'alert.updated'
  | 'mandate.created' | 'mandate.updated'
  | 'webhook.disabled';

export interface SandboxEvent { id: string; type: EventType; companyId: string; createdAt: string; data: Record<string, unknown> }

export async function emit(db: Queryable, companyId: string, type: EventType, data: Record<string, unknown>, at: Date): Promise<SandboxEvent> {
  const event: SandboxEvent = { id: `evt_${newId()}`, type, companyId, createdAt: at.toISOString(), data };
  if (db.writes) {
    // Held with the unit's other writes, then written with them in one statement (emitMany), in the order emitted.
    // The record in `data` as its write serialised it (db/record-json.ts): JSON.stringify({ event, permission }), made once.
    const head = JSON.stringify({ id: event.id, type, companyId, createdAt: event.createdAt }).slice(0, -1);
    const permission = EVENT_PERMISSIONS[type];
    db.writes.append('events', `{"event":${head},"data":${membersJson(data)}}${permission === undefined ? '' : `,"permission":${JSON.stringify(permission)}`}}`, emitMany);
    return event;
  }
  // The event, then one delivery per webhook of the company that asked for the type and whose credential reads it
  // (and the company), enabled (webhooks/endpoint-health.ts), made and due at the event's time on the company's clock (dispatcher.ts checks again at each
  // attempt): one statement, one round trip.
  await db.query(`WITH made AS (INSERT INTO events (id, company_id, type, created_at, data) VALUES ($2, $1, $4, $3, $6) RETURNING id)
    INSERT INTO deliveries (id, company_id, event_id, webhook_id, status, next_attempt_at, created_at)
    SELECT 'dlv_' || md5(random()::text || w.id), w.company_id, made.id, w.id, 'pending', $3, $3 FROM made, webhooks w JOIN credentials k ON k.key_id = w.key_id
    WHERE w.company_id = $1 AND w.deleted_at IS NULL AND w.disabled_at IS NULL AND (w.events IS NULL OR w.events ? $4) AND k.permissions ? $5 AND k.companies ? $1`,
  [companyId, event.id, event.createdAt, type, EVENT_PERMISSIONS[type], JSON.stringify(event)]);
  return event;
}

/** emit's statement over a set of events (in order: their seq follows it), with the same deliveries, as members of a WITH. */
const emitMany: WriteMany = (rows, tag) => [
  `${tag}_given AS (SELECT e.v->'event' AS event, e.v->>'permission' AS permission, e.n FROM jsonb_array_elements(${rows}) WITH ORDINALITY AS e(v, n))`,
  `${tag}_made AS (INSERT INTO events (id, company_id, type, created_at, data)
      SELECT event->>'id', event->>'companyId', event->>'type', (event->>'createdAt')::timestamptz, event FROM ${tag}_given ORDER BY n RETURNING id)`,
  `${tag} AS (INSERT INTO deliveries (id, company_id, event_id, webhook_id, status, next_attempt_at, created_at)
    SELECT 'dlv_' || md5(random()::text || w.id || made.id), w.company_id, made.id, w.id, 'pending', (g.event->>'createdAt')::timestamptz, (g.event->>'createdAt')::timestamptz
    FROM ${tag}_made made JOIN ${tag}_given g ON g.event->>'id' = made.id JOIN webhooks w ON w.company_id = g.event->>'companyId' JOIN credentials k ON k.key_id = w.key_id
    WHERE w.deleted_at IS NULL AND w.disabled_at IS NULL AND (w.events IS NULL OR w.events ? (g.event->>'type')) AND k.permissions ? g.permission AND k.companies ? (g.event->>'companyId'))`,
];
