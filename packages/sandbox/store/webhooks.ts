// The webhooks table and its deliveries as the routes read and write them
// (routes/webhooks.ts): a company's live endpoints, their changes, and the
// deliveries a change or a removal ends.
import type { Queryable } from '../db/database.js';
import type { EventType } from '../events.js';

const COLUMNS = `id AS "_id", company_id AS "companyId", url, events, key_id AS "keyId", to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  to_char(disabled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "disabledAt"`;
export type WebhookRow = Record<string, unknown>;
export interface NewWebhook { _id: string; companyId: string; url: string; events?: EventType[]; keyId: string; secret: string }

export async function countLiveWebhooks(db: Queryable, companyId: string): Promise<number> {
  const [row] = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM webhooks WHERE company_id = $1 AND deleted_at IS NULL', [companyId]);
  return Number(row?.n ?? 0);
}

/** Stores a webhook; answers its createdAt. */
export async function insertWebhook(db: Queryable, webhook: NewWebhook): Promise<string> {
  const [row] = await db.query<{ createdAt: string }>(`INSERT INTO webhooks (id, company_id, url, secret, key_id, events) VALUES ($1, $2, $3, $4, $5, $6)
    RETURNING to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`,
  [webhook._id, webhook.companyId, webhook.url, webhook.secret, webhook.keyId, webhook.events ? JSON.stringify(webhook.events) : null]);
  return row!.createdAt;
}

export const listWebhooks = (db: Queryable, companyId: string): Promise<WebhookRow[]> =>
  db.query<WebhookRow>(`SELECT ${COLUMNS} FROM webhooks WHERE company_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`, [companyId]);

/** One webhook as GET /sandbox/v1/webhooks lists it (no member for null: no "all events" or unknown registrant member). */
export async function listedWebhook(db: Queryable, companyId: string, webhookId: string): Promise<WebhookRow | undefined> {
  const [row] = await db.query<WebhookRow>(`SELECT ${COLUMNS} FROM webhooks WHERE id = $1 AND company_id = $2`, [webhookId, companyId]);
  return row && Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null));
}

/** A live webhook's url and events, row-locked for a change. */
export async function lockWebhook(db: Queryable, companyId: string, webhookId: string): Promise<{ url: string; events: EventType[] | null } | undefined> {
  const [row] = await db.query<{ url: string; events: EventType[] | null }>('SELECT url, events FROM webhooks WHERE id = $1 AND company_id = $2 AND deleted_at IS NULL FOR UPDATE', [webhookId, companyId]);
  return row;
}

/** Writes a webhook's new url, events and credential, enabled again (endpoint-health.ts); its pending deliveries of a type no longer asked for fail. */
export async function changeWebhook(db: Queryable, change: { companyId: string; webhookId: string; url: string; events?: EventType[]; keyId: string; at: string }): Promise<WebhookRow> {
  const { companyId, webhookId, url, events, keyId, at } = change;
  const [row] = await db.query<WebhookRow>(`UPDATE webhooks SET url = $3, events = $4, key_id = $5, failing_since = NULL, disabled_at = NULL WHERE id = $1 AND company_id = $2 RETURNING ${COLUMNS}`,
    [webhookId, companyId, url, events ? JSON.stringify(events) : null, keyId]);
  if (events) await db.query(`UPDATE deliveries d SET status = 'failed', answers = answers || jsonb_build_array(jsonb_build_object('at', $3::text, 'error', 'refused: the webhook no longer asks for ' || e.type))
    FROM events e WHERE e.id = d.event_id AND d.webhook_id = $1 AND d.status = 'pending' AND NOT (e.type = ANY($2::text[]))`, [webhookId, events, at]);
  return row!;
}

/** Removes a live webhook (its pending deliveries fail); undefined when the company has no such webhook. */
export async function removeWebhook(db: Queryable, companyId: string, webhookId: string, at: string): Promise<WebhookRow | undefined> {
  const [row] = await db.query<WebhookRow>(`UPDATE webhooks SET deleted_at = now() WHERE id = $1 AND company_id = $2 AND deleted_at IS NULL RETURNING ${COLUMNS}`, [webhookId, companyId]);
  if (!row) return undefined;
  await db.query(`UPDATE deliveries SET status = 'failed', answers = answers || $2::jsonb WHERE webhook_id = $1 AND status = 'pending'`,
    [webhookId, JSON.stringify([{ at, error: 'refused: webhook deleted' }])]);
  return row;
}

/** Which deliveries to list: the company's, of these event types, at most `limit`, those after the delivery `after` in the list's order. */
export interface DeliveryPage { companyId: string; types: readonly string[]; after?: string; limit: number }

/** A page of the company's deliveries, newest first (by their event's time, then the order the events were made, then id), with every answer. */
export const listDeliveries = (db: Queryable, { companyId, types, after, limit }: DeliveryPage): Promise<WebhookRow[]> =>
  db.query<WebhookRow>(`SELECT d.id AS "_id", d.event_id AS "eventId", e.type AS "eventType", d.webhook_id AS "webhookId", w.url, d.status, d.attempts,
      to_char(d.next_attempt_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "nextAttemptAt", d.answers
    FROM deliveries d JOIN events e ON e.id = d.event_id JOIN webhooks w ON w.id = d.webhook_id
    WHERE d.company_id = $1 AND e.type = ANY($2::text[])
      AND ($3::text IS NULL OR (d.created_at, e.seq, d.id) < (SELECT d2.created_at, e2.seq, d2.id FROM deliveries d2 JOIN events e2 ON e2.id = d2.event_id WHERE d2.id = $3))
    ORDER BY d.created_at DESC, e.seq DESC, d.id DESC LIMIT $4`, [companyId, types, after ?? null, limit]);

/** Whether the company has the delivery `id` of one of these event types (a page's `after` must name one the caller may see). */
export async function hasDelivery(db: Queryable, companyId: string, types: readonly string[], id: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM deliveries d JOIN events e ON e.id = d.event_id WHERE d.id = $1 AND d.company_id = $2 AND e.type = ANY($3::text[])`, [id, companyId, types]);
  return rows.length > 0;
}

/**
 * Sandbox only (POST /sandbox/v1/webhooks/redeliver): each event again, as a new delivery to every
 * live webhook that receives its type, due `spacingMs` after the one before, in the order given.
 * Answers the deliveries made; events of another company are left out (the route refuses them).
 */
export const redeliverEvents = (db: Queryable, companyId: string, eventIds: readonly string[], at: Date, spacingMs: number): Promise<WebhookRow[]> =>
  db.query<WebhookRow>(`INSERT INTO deliveries (id, company_id, event_id, webhook_id, status, next_attempt_at, created_at)
    SELECT 'dlv_' || md5(random()::text || w.id || given.n), w.company_id, e.id, w.id, 'pending',
      $3::timestamptz + (given.n - 1) * $4 * interval '1 millisecond', $3::timestamptz + (given.n - 1) * $4 * interval '1 millisecond'
    FROM unnest($2::text[]) WITH ORDINALITY AS given(id, n) JOIN events e ON e.id = given.id AND e.company_id = $1
      JOIN webhooks w ON w.company_id = $1 AND w.deleted_at IS NULL AND (w.events IS NULL OR w.events ? e.type)
    ORDER BY given.n
    RETURNING id AS "_id", event_id AS "eventId", webhook_id AS "webhookId", to_char(next_attempt_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "nextAttemptAt"`,
  [companyId, eventIds, at.toISOString(), spacingMs]);

/** The ids among `eventIds` that are not events of the company. */
export async function foreignEvents(db: Queryable, companyId: string, eventIds: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ id: string }>('SELECT id FROM events WHERE company_id = $1 AND id = ANY($2::text[])', [companyId, eventIds]);
  const known = new Set(rows.map((r) => r.id));
  return eventIds.filter((id) => !known.has(id));
}
