// The service's webhook deliveries: the raw body, as signed, goes to verifyWebhook
// ($lib/server/webhooks.ts). Register this URL with the service (README, "Webhooks").
import { json } from '@sveltejs/kit';
import { receiveWebhook } from '$lib/server/webhooks';

export async function POST({ request }) {
  const { status, body } = await receiveWebhook(await request.text(), request.headers.get('svc-signature'));
  return json(body, { status });
}
