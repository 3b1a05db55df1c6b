// What the page shows about its order after a challenge or while it waits: what the webhooks told.
import type { NextApiRequest, NextApiResponse } from 'next';
import { orderStatus } from '../../lib/server/fulfilment';

export default function order(request: NextApiRequest, response: NextApiResponse) {
  response.setHeader('cache-control', 'no-store').json(orderStatus(request.query.id));
}
