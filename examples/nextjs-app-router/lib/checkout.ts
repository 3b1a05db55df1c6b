// The page's side of paying (the same file in each example shop): send the token to the shop's
// server, show the bank's challenge when the answer asks for one (handleNextAction), then wait
// for the order's outcome, which the shop's server learns from the service's webhooks.
import { handleNextAction } from 'svc-card/next-action';

export interface Shown {
  outcome: 'paid' | 'next-action' | 'waiting' | 'declined' | 'resubmit' | 'error' | 'invalid' | 'open';
  message: string;
  nextAction?: unknown;
}

/** How long the page waits for the order's outcome before it says an e-mail will tell. */
const WAIT_MS = 120_000;
const POLL_MS = 1_000;

const NOT_SENT: Shown = { outcome: 'error', message: 'The payment could not be sent: check your connection and press Pay again.' };

async function ask(path: string, init?: RequestInit): Promise<Shown> {
  try {
    const response = await fetch(path, init);
    return (await response.json()) as Shown;
  } catch {
    return NOT_SENT;
  }
}

/** The order's outcome once the webhooks told the shop (or a message that an e-mail will). */
async function waitForOrder(orderId: string): Promise<Shown> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const now = await ask(`/api/order?id=${encodeURIComponent(orderId)}`);
    if (now.outcome !== 'waiting' && now.outcome !== 'open' && now !== NOT_SENT) return now;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return { outcome: 'waiting', message: 'Your bank has not confirmed the payment yet: we will e-mail you when it does.' };
}

/** Pays the order with the token; `show` gets each step (waiting, the challenge), the promise the end. */
export async function payOrder(orderId: string, token: unknown, show: (shown: Shown) => void): Promise<Shown> {
  const answer = await ask('/api/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ orderId, token }) });
  if (answer.outcome === 'next-action') {
    show(answer);
    const ended = await handleNextAction(answer.nextAction, { lang: document.documentElement.lang });
    // Closed without an answer: the payment waits unconfirmed; another press of Pay is a new attempt of the same order.
    if (ended.status === 'CANCELED' || ended.type === 'none') return { outcome: 'resubmit', message: 'The payment was not confirmed with your bank: press Pay to try again.' };
  } else if (answer.outcome !== 'waiting') {
    return answer;
  }
  show(answer.outcome === 'waiting' ? answer : { outcome: 'waiting', message: 'Waiting for the confirmation of your payment…' });
  return waitForOrder(orderId);
}
