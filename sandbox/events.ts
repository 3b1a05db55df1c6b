// Events (part 6): transaction.created and what the test clock's moves do.
// Stored in `events`; webhooks.ts delivers them.
import type { Queryable } from './db/database.js';
import { newId } from './store/tables.js';

export type EventType =
  | 'transaction.created' | 'charge.created' | 'charge.paid' | 'charge.payment_failed' | 'charge.overdue'
  | 'subscription.canceled' | 'alert.created';

export interface SandboxEvent { id: string; type: EventType; companyId: string; createdAt: string; data: Record<string, unknown> }

export async function emit(db: Queryable, companyId: string, type: EventType, data: Record<string, unknown>, at: Date): Promise<SandboxEvent> {
  const event: SandboxEvent = { id: `evt_${newId()}`, type, companyId, createdAt: at.toISOString(), data };
  await db.query('INSERT INTO events (id, company_id, type, created_at, data) VALUES ($1, $2, $3, $4, $5)', [event.id, companyId, type, event.createdAt, JSON.stringify(event)]);
  // One delivery per webhook of the company, made and due at the event's time on the company's clock (dispatcher.ts).
  await db.query(`INSERT INTO deliveries (id, company_id, event_id, webhook_id, status, next_attempt_at, created_at)
    SELECT 'dlv_' || md5(random()::text || id), company_id, $2, id, 'pending', $3, $3 FROM webhooks WHERE company_id = $1`, [companyId, event.id, event.createdAt]);
  return event;
}
