// Which permission an event needs (issue 29): a webhook receives an event only
// when the credential that registered it holds the read permission of the
// event's resource, at the time of the event and again at each attempt.
import type { Credential, Permission } from '../auth/permissions.js';
import type { EventType } from '../events.js';

export const EVENT_PERMISSIONS: Readonly<Record<EventType, Permission>> = {
  'transaction.created': 'transaction.read',
  'transaction.updated': 'transaction.read',
  'charge.created': 'charge.read',
  'charge.paid': 'charge.read',
  'charge.payment_failed': 'charge.read',
  'charge.overdue': 'charge.read',
  'charge.updated': 'charge.read',
  'subscription.created': 'subscription.read',
  'subscription.updated': 'subscription.read',
  'subscription.canceled': 'subscription.read',
  'client.updated': 'client.read',
  'alert.created': 'alert.read',
  'alert.updated': 'alert.read',
  // A PIX Automático mandate (the sandbox's extension) is part of its subscription.
  'mandate.created': 'subscription.read',
  'mandate.updated': 'subscription.read',
  // Webhooks are read with transaction.read (GET /sandbox/v1/webhooks).
  'webhook.disabled': 'transaction.read',
};

export const EVENT_TYPES = Object.keys(EVENT_PERMISSIONS) as EventType[];

/** The event types `credential` may read (as a webhook of it would receive them), narrowed to `type` when given. */
export const readableTypes = (credential: Credential, type?: EventType): EventType[] =>
  EVENT_TYPES.filter((t) => credential.permissions.includes(EVENT_PERMISSIONS[t]) && (!type || t === type));

/** The most webhooks one company keeps (deleted ones do not count). */
export const MAX_WEBHOOKS_PER_COMPANY = 16;
