// The shop's server: the page's token goes unchanged as `token` to the payments API's
// POST /v1/transaction, with the shop's credential and the amount from its own records.
import { ORDER, settings } from '../../shop';

const answer = (status: number, outcome: string, message: string) => Response.json({ outcome, message }, { status });

export async function POST(request: Request): Promise<Response> {
  // Any body: only an object with an object `token` goes on (a token is never logged).
  const body: unknown = await request.json().catch(() => null);
  const token = typeof body === 'object' && body !== null ? (body as { token?: unknown }).token : undefined;
  if (typeof token !== 'object' || token === null) return answer(400, 'invalid', 'No card token was sent.');

  const { apiUrl, apiKey, companyId } = settings();
  const api = await fetch(`${apiUrl}/v1/transaction`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apiKey },
    body: JSON.stringify({ companyId, amount: ORDER.cents, installments: 1, capture: true, token }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  const paid = (await api?.json().catch(() => null)) as { status?: string; code?: string; card?: { last4?: string }; message?: string } | null;

  if (api?.status === 200 && paid?.status === 'PAID') return answer(200, 'paid', `Paid with the card ending ${paid.card?.last4}.`);
  if (api?.status === 200 && paid?.status === 'DECLINED') return answer(402, 'declined', 'The card was declined.');
  // A token lives 10 minutes and is used once: the shopper submits again (a fresh token).
  if (api?.status === 400 && ['TOKEN_EXPIRED', 'TOKEN_REUSED', 'TOKEN_NOT_YET_VALID'].includes(paid?.code ?? '')) return answer(409, 'resubmit', 'Please press Pay again.');
  return answer(502, 'error', 'The payment service did not answer: try again.');
}
