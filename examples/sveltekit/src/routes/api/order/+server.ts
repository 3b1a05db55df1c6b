// What the page shows about its order after a challenge or while it waits: what the webhooks told.
import { json } from '@sveltejs/kit';
import { orderStatus } from '$lib/server/fulfilment';

export function GET({ url }) {
  return json(orderStatus(url.searchParams.get('id')), { headers: { 'cache-control': 'no-store' } });
}
