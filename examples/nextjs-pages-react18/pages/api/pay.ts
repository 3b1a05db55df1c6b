// The page's token for its order: paid on the order's one charge (lib/server/payments.ts).
import type { NextApiRequest, NextApiResponse } from 'next';
import { HTTP_STATUS } from '../../lib/server/outcomes';
import { payOrder } from '../../lib/server/payments';

export default async function pay(request: NextApiRequest, response: NextApiResponse) {
  if (request.method !== 'POST') return response.status(405).json({ outcome: 'invalid', message: 'POST an order and a token.' });
  // Next.js parsed a JSON body (anything else is a string here).
  const body: unknown = request.body;
  const { orderId, token } = typeof body === 'object' && body !== null ? (body as { orderId?: unknown; token?: unknown }) : {};
  const answer = await payOrder(orderId, token);
  response.status(HTTP_STATUS[answer.outcome]).json(answer);
}
