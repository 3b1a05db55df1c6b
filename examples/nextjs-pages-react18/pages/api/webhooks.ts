// The service's webhook deliveries: the raw body, as signed, goes to verifyWebhook
// (lib/server/webhooks.ts). Register this URL with the service (README, "Webhooks").
import type { NextApiRequest, NextApiResponse } from 'next';
import { receiveWebhook } from '../../lib/server/webhooks';

// The signature is over the bytes sent: Next.js must not parse the body first.
export const config = { api: { bodyParser: false } };

export default async function webhooks(request: NextApiRequest, response: NextApiResponse) {
  if (request.method !== 'POST') return response.status(405).json({ received: false, error: 'POST a webhook event.' });
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const signature = request.headers['svc-signature'];
  const { status, body } = await receiveWebhook(Buffer.concat(chunks).toString('utf8'), Array.isArray(signature) ? signature.join(',') : signature ?? null);
  response.status(status).json(body);
}
