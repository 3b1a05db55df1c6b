// The service's webhooks (the same file in each example shop): the signature checked over the raw
// body with the client's verifyWebhook, each event handled once by its id (deliveries repeat),
// and the order read again from the service whatever the event says (they can come out of order).
import { verifyWebhook, WebhookSignatureError, type WebhookEvent } from '@svc-card/client';
import { refreshOrder } from './fulfilment';
import { eventHandled, markEventHandled, orderOfCharge } from './orders';
import { settings } from './shop';

/** The charge an event is about: a charge event's charge, or a transaction event's chargeId. */
function chargeIdOf(event: WebhookEvent): string | undefined {
  const { charge, transaction } = event.data as { charge?: { _id?: unknown }; transaction?: { chargeId?: unknown } };
  const id = charge?._id ?? transaction?.chargeId;
  return typeof id === 'string' ? id : undefined;
}

/** Handles one delivery: the status to answer (2xx acknowledges; anything else makes the service send it again). */
export async function receiveWebhook(rawBody: string, signature: string | null): Promise<{ status: number; body: { received: boolean; error?: string } }> {
  let event: WebhookEvent;
  try {
    event = verifyWebhook(settings().webhookSecret, signature, rawBody);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return { status: 400, body: { received: false, error: error.message } };
    throw error;
  }
  if (eventHandled(event.id)) return { status: 200, body: { received: true } };
  const chargeId = chargeIdOf(event);
  const order = chargeId ? orderOfCharge(chargeId) : undefined;
  // Not handled yet when the service cannot be read: the 500 makes it deliver the event again.
  if (order) await refreshOrder(order);
  markEventHandled(event.id);
  return { status: 200, body: { received: true } };
}
