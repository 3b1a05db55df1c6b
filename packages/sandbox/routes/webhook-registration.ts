// The rules a webhook's registration and its update share (issue 29): the url
// judged by webhooks/targets.ts (400 on url), and the credential reading every
// event type the webhook will receive (403 naming the permission it lacks).
import type { Credential } from '../auth/permissions.js';
import type { EventType } from '../events.js';
import { fieldError, forbidden, invalid } from '../base/errors.js';
import { EVENT_PERMISSIONS, EVENT_TYPES } from '../webhooks/event-permissions.js';
import { urlRefusal, type TargetPolicy } from '../webhooks/targets.js';

/** Throws the answer refusing this url and events (absent: every type) for this credential; returns when they may be registered. */
export function checkRegistration(credential: Credential, url: string, events: EventType[] | undefined, targets: TargetPolicy): void {
  const refusal = urlRefusal(url, targets);
  if (refusal) throw invalid(fieldError('url', refusal));
  const lacking = (events ?? []).find((type) => !credential.permissions.includes(EVENT_PERMISSIONS[type]));
  if (lacking) throw forbidden(`the credential lacks ${EVENT_PERMISSIONS[lacking]}, which ${lacking} needs`);
  if (!events && !EVENT_TYPES.some((type) => credential.permissions.includes(EVENT_PERMISSIONS[type])))
    throw forbidden(`the credential reads no event type: a webhook needs one of ${[...new Set(Object.values(EVENT_PERMISSIONS))].join(', ')}`);
}
