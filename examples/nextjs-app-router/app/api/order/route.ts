// What the page shows about its order after a challenge or while it waits: what the webhooks told.
import { orderStatus } from '../../../lib/server/fulfilment';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Response {
  return Response.json(orderStatus(new URL(request.url).searchParams.get('id')), { headers: { 'cache-control': 'no-store' } });
}
