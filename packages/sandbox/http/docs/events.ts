// The "Events" section of the API description: each event type, the state
// table rows that emit it (rendered from domain/states/*), and its payload.
import { NEW, SAME } from '../../domain/states/machine.js';
import { EVENT_PERMISSIONS, EVENT_TYPES } from '../../webhooks/event-permissions.js';
import { MACHINES } from './states.js';

const emitters = (type: string) => MACHINES.flatMap((machine) => machine.rows.filter((row) => row.emits === type)
  .map((row) => `${machine.resource} ${row.from === NEW ? '(new) ' : ''}${row.event} -> ${row.to === SAME ? '(unchanged)' : row.to}`));
const resourceOf = (type: string) => type.split('.')[0];
/** Events no state table emits: made by the sandbox's own machinery. */
const OTHER_EMITTERS: Record<string, string> = {
  'webhook.disabled': 'an endpoint failing with no 2xx past the rule ("Tenants kept apart"); data: {webhook, move: disabled, failingSince}',
};
const list = EVENT_TYPES.map((type) => `| ${type} | ${EVENT_PERMISSIONS[type]} | \`${resourceOf(type)}\` | ${[...new Set(emitters(type)), ...(OTHER_EMITTERS[type] ? [OTHER_EMITTERS[type]] : [])].join('; ')} |`).join('\n');

export const EVENTS_SECTION = `
## Events

Every row of a state table ("State machines") emits one event, after its write, in the same database transaction: a move the sandbox refuses emits nothing, and a read made after the answer sees the record the event carries. An event is \`{id, type, companyId, createdAt, data}\`; \`createdAt\` is the company's test-clock time of the move (a day of the clock's billing: that day's first instant). \`data\` holds:

- the record as written, under its resource's name (\`transaction\`, \`charge\`, \`subscription\`, \`client\`, \`alert\`): status, updatedAt and every member as a read right after shows them (charge.paid carries the charge PAID, not as it was before);
- \`move\`: the row's event (\`paid\`, \`declined\`, \`refund\`, ...), and for a move of an existing record \`previousStatus\`; \`(unchanged)\` rows (a declined attempt, an expired slip) have previousStatus equal to the status;
- \`transactionId\` when a payment made the move (charge.paid, charge.payment_failed, a subscription paid), \`reason\` when a subscription ends; \`anticipation\` {fee, netAmount} (cents) on a charge's \`anticipated\` move with its \`transactionId\`; \`subscriptionId\` on a charge moved by its subscription's hold (\`paused\`, \`blocked\`, \`resumed\`, \`unblocked\`); a charge's \`refund_failed\` carries the \`transactionId\` whose refund was refused.

Webhooks receive them ("Webhooks" above); GET /sandbox/v1/events lists them without a receiver, oldest first (\`after\` the last \`seq\` seen).

| type | permission to read it | data member | rows that emit it |
|---|---|---|---|
${list}
`.trim();
