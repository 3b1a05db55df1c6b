// When a webhook endpoint is disabled (issue 38), as Stripe and Asaas do with
// an endpoint that keeps failing: once it has answered no attempt with a 2xx
// for DISABLE_AFTER_MS of its company's clock (from its first failed attempt
// since its last success), its next failed attempt disables it, with the
// event webhook.disabled (delivered to the company's other endpoints, listed
// by GET /sandbox/v1/events). A disabled endpoint gets no attempts and no new
// deliveries; what was pending waits.
// PUT /sandbox/v1/webhooks (the merchant fixed it) enables it again.
import type { Database } from '../db/database.js';
import { emit } from '../events.js';
import { listedWebhook } from '../store/webhooks.js';

export const DISABLE_AFTER_MS = 3 * 24 * 3600 * 1000;

/**
 * Notes an attempt's outcome on its endpoint: a 2xx ends its failing streak, a failure starts
 * one or, DISABLE_AFTER_MS into it, disables the endpoint. True when this attempt disabled it.
 */
export async function noteAttempt(db: Database, webhookId: string, ok: boolean, at: Date): Promise<boolean> {
  if (ok) {
    await db.query('UPDATE webhooks SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL', [webhookId]);
    return false;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ companyId: string; failingSince: string; disabled: boolean }>(`UPDATE webhooks SET failing_since = COALESCE(failing_since, $2),
        disabled_at = CASE WHEN failing_since <= $3 THEN $2::timestamptz END
      WHERE id = $1 AND disabled_at IS NULL
      RETURNING company_id AS "companyId", to_char(failing_since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "failingSince", disabled_at IS NOT NULL AS disabled`,
    [webhookId, at.toISOString(), new Date(at.getTime() - DISABLE_AFTER_MS).toISOString()]);
    if (!row?.disabled) return false;
    const webhook = await listedWebhook(tx, row.companyId, webhookId);
    await emit(tx, row.companyId, 'webhook.disabled', { webhook, move: 'disabled', failingSince: row.failingSince }, at);
    return true;
  });
}
