// The webhook signature: `svc-signature: t=<unix seconds>,v1=<hex>` where
// v1 = HMAC-SHA256(secret, `${t}.${body}`), as Stripe signs: the timestamp
// is signed with the body, so a receiver can refuse old replays.
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'svc-signature';

export const sign = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export const signatureHeader = (secret: string, timestamp: number, body: string) => `t=${timestamp},v1=${sign(secret, timestamp, body)}`;
