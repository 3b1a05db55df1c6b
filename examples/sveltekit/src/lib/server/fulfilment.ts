// The order's state, kept from the service's webhooks (the same file in each example shop). An
// event only says "look at this charge": its state is read from the service each time, never
// taken from the event, so a late or repeated event cannot undo a newer state.
import { findOrder, type Order } from './orders';
import { answerFor, paidAnswer, type PageAnswer, type Transaction } from './outcomes';
import { service } from './payments';

/** Reads the order's charge from the service; marks the order paid (once) when it is. */
export async function refreshOrder(order: Order): Promise<void> {
  const chargeId = await order.charge?.catch(() => undefined);
  if (!chargeId) return;
  const { api, companyId } = service();
  // A charge has a transaction per attempt: a few, never a page's worth.
  const page = await api.GET('/v1/transaction', { params: { query: { companyId, chargeId, limit: 100 } } });
  for (const transaction of page.items) order.statuses.set(transaction._id, transaction.status);
  const paid = page.items.find((transaction) => transaction.status === 'PAID');
  if (paid && !order.paid) {
    order.paid = { transactionId: paid._id, last4: paid.card?.last4 };
    // Here a real shop ships the order, sends the receipt, ... (once: order.paid was unset).
  }
}

/** What the page shows about its order now (GET /api/order), from what the webhooks told. */
export function orderStatus(orderId: unknown): PageAnswer {
  const order = findOrder(orderId);
  if (!order) return { outcome: 'invalid', message: 'This order is not known here: reload the page.' };
  if (order.paid) return { ...paidAnswer(order.paid.last4), fulfilled: true };
  const status = order.lastTransactionId ? order.statuses.get(order.lastTransactionId) : undefined;
  if (!order.lastTransactionId) return { outcome: 'open', message: '', fulfilled: false };
  // No word yet, or a challenge not ended yet: the webhook will tell.
  if (!status || status === 'PENDING_3DS' || status === 'PAID') return { outcome: 'waiting', message: 'Waiting for the confirmation of your payment…', fulfilled: false };
  return { ...answerFor({ _id: order.lastTransactionId, status } as Transaction), fulfilled: false };
}
