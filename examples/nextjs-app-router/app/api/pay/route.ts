// The page's token for its order: paid on the order's one charge (lib/server/payments.ts).
import { HTTP_STATUS } from '../../../lib/server/outcomes';
import { payOrder } from '../../../lib/server/payments';

export async function POST(request: Request): Promise<Response> {
  const body: unknown = await request.json().catch(() => null);
  const { orderId, token } = typeof body === 'object' && body !== null ? (body as { orderId?: unknown; token?: unknown }) : {};
  const answer = await payOrder(orderId, token);
  return Response.json(answer, { status: HTTP_STATUS[answer.outcome] });
}
