// Webhook signatures as the service signs them: `svc-signature: t=<unix
// seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>` over the raw body.
// A signature older or newer than the tolerance window (default 300 s, the
// client's choice: the reference states none) is refused, so a captured
// delivery cannot be replayed later. Several v1 entries are accepted (one
// matching is enough), so a header can carry a signature per secret.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from './webhook-events.js';

export type { WebhookEvent } from './webhook-events.js';

export const SIGNATURE_HEADER = 'svc-signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

export interface VerifyOptions {
  /** How far the signature's t may be from now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** Now, in unix seconds (default the system clock). */
  now?: number;
}

/**
 * Checks a delivery's signature against the raw body (the bytes received, before any JSON parse)
 * and returns the event, typed by its `type` (one member of the WebhookEvent union per event type
 * of the sandbox's events table: `if (event.type === 'charge.paid') event.data.charge.status`).
 * Throws WebhookSignatureError when the header is missing or malformed,
 * no v1 matches, or t is outside the tolerance window.
 */
export function verifyWebhook(secret: string, header: string | string[] | null | undefined, rawBody: string | Uint8Array, options: VerifyOptions = {}): WebhookEvent {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) throw new WebhookSignatureError(`no ${SIGNATURE_HEADER} header`);
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of value.split(',')) {
    const at = part.indexOf('=');
    const name = part.slice(0, at).trim();
    const given = part.slice(at + 1).trim();
    if (name === 't' && /^\d{1,12}$/.test(given)) timestamp = Number(given);
    if (name === 'v1' && /^[0-9a-f]{64}$/i.test(given)) signatures.push(given.toLowerCase());
  }
  if (timestamp === undefined) throw new WebhookSignatureError(`${SIGNATURE_HEADER} has no t=<unix seconds>`);
  if (signatures.length === 0) throw new WebhookSignatureError(`${SIGNATURE_HEADER} has no v1=<hex>`);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > tolerance) throw new WebhookSignatureError(`the signature's t is ${now - timestamp} s from now, outside the ${tolerance} s tolerance`);
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
  if (!signatures.some((hex) => timingSafeEqual(Buffer.from(hex, 'hex'), expected))) throw new WebhookSignatureError('no v1 signature matches the body with this secret');
  return JSON.parse(body.toString('utf8')) as WebhookEvent;
}
