// The service's webhook deliveries: the raw body, as signed, goes to verifyWebhook
// (lib/server/webhooks.ts). Register this URL with the service (README, "Webhooks").
import { receiveWebhook } from '../../../lib/server/webhooks';

export async function POST(request: Request): Promise<Response> {
  const { status, body } = await receiveWebhook(await request.text(), request.headers.get('svc-signature'));
  return Response.json(body, { status });
}
