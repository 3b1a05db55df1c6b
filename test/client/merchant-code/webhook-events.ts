// A merchant's webhook receiver: verifyWebhook returns the event typed by its `type`, one member
// per event type of the sandbox's events table, so each branch reads its own record.
import { verifyWebhook, type WebhookEvent, type WebhookEventOf, type WebhookEventType } from '../../../packages/client/src/index.js';

export function receive(secret: string, header: string, rawBody: string): string {
  const event = verifyWebhook(secret, header, rawBody);
  switch (event.type) {
    case 'charge.paid': {
      const status: 'ACTIVE' | 'PAID' | string = event.data.charge.status;
      const cents: number = event.data.charge.amount.value;
      // @ts-expect-error a charge event carries the charge, not a transaction
      event.data.transaction;
      return `${event.data.charge._id} ${status} ${cents} ${event.data.move} ${event.data.previousStatus} ${event.data.transactionId ?? ''}`;
    }
    case 'transaction.updated':
      // @ts-expect-error previousStatus is a status the table moves from, not any string
      if (event.data.previousStatus === 'SOMETHING_ELSE') return '';
      return `${event.data.transaction._id} ${event.data.transaction.status} from ${event.data.previousStatus}`;
    case 'transaction.created':
      // @ts-expect-error a made record has no previous status
      return event.data.previousStatus;
    case 'subscription.canceled':
      return event.data.reason ?? event.data.subscription._id;
    case 'client.updated':
      return event.data.client.doc;
    case 'alert.created':
      return event.data.alert._id;
    default:
      return event.type;
  }
}

// @ts-expect-error a type the service never sends
export const unknown: WebhookEventType = 'charge.refunded';
export const paid = (event: WebhookEventOf<'charge.paid'>): 'paid' | 'recovered' => event.data.move;
// @ts-expect-error the move of charge.paid is paid or recovered
export const wrongMove = (event: WebhookEventOf<'charge.paid'>): 'created' => event.data.move;
export const everyType = (event: WebhookEvent): string => event.type;
