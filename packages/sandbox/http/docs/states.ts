// The "State machines" section of the API description, rendered from the
// tables the code moves by (domain/states/*): every status of 2.2 to 2.6 with
// its meaning here and how a merchant makes it happen, and every allowed move.
import { ALERT_MACHINE } from '../../domain/states/alert.js';
import { CHARGE_MACHINE } from '../../domain/states/charge.js';
import { CLIENT_MACHINE } from '../../domain/states/client.js';
import { NEW, SAME, type AnyMachine } from '../../domain/states/machine.js';
import { SUBSCRIPTION_MACHINE } from '../../domain/states/subscription.js';
import { TRANSACTION_MACHINE } from '../../domain/states/transaction.js';
import { MANDATE_MACHINE } from '../../domain/states/mandate.js';

export const MACHINES: readonly AnyMachine[] = [TRANSACTION_MACHINE, CHARGE_MACHINE, SUBSCRIPTION_MACHINE, CLIENT_MACHINE, ALERT_MACHINE, MANDATE_MACHINE];

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** A row's `from` as written in the table: a named subset when it is one, else the list. */
function fromOf(machine: AnyMachine, from: readonly string[] | typeof NEW): string {
  if (from === NEW) return '(new)';
  const named = Object.entries(machine.subsets).find(([, subset]) => subset.length === from.length && subset.every((s: string) => from.includes(s)));
  if (named) return `${named[0]} (${from.join(', ')})`;
  const others = machine.statuses.filter((s: string) => !from.includes(s));
  return others.length === 1 ? `any but ${others[0]}` : from.join(', ');
}

function section(machine: AnyMachine): string {
  const subsets = Object.entries(machine.subsets).map(([name, list]) => `\`${name}\`: ${list.join(', ')}`).join('; ');
  const statuses = machine.statuses.map((status: string) => {
    const note = machine.notes[status]!;
    return `| ${status} | ${cell(note.meaning)} | ${cell(note.how)} |`;
  }).join('\n');
  const moves = machine.rows.map((row) => `| ${cell(fromOf(machine, row.from))} | ${row.event} | ${row.to === SAME ? '(unchanged)' : row.to} | ${cell(row.effects)} | ${row.emits} | ${cell(row.by)} |`).join('\n');
  return `### ${machine.resource}

${subsets ? `Named subsets: ${subsets}.\n\n` : ''}| status | meaning here | how to make it happen |
|---|---|---|
${statuses}

| from | event | to | effects | event emitted | by |
|---|---|---|---|---|---|
${moves}`;
}

export const STATES_SECTION = `
## State machines

Each resource (transaction, charge, subscription, client, alert, and the sandbox's extension the PIX Automático mandate) has one state table, below, and every status the sandbox writes goes through it: a record is made by a \`(new)\` row and moved only by a row from its status. After each write the row's event is emitted with the record as written (see "Events"); \`updatedAt\` moves with every write, a declined attempt that leaves the status as it was included.

**A move the table does not allow** changes nothing and is refused 409 with code \`conflict\`, a field item on the request's member that named the record when there is one. The reference operations keep the 400 they had for a record in a status they do not apply to (capture of a transaction not AUTHORIZED, cancel of one neither PAID nor AUTHORIZED, paying a charge that is not open: 400 SchemaValidationException on transactionId, tid or _id), since part 7 shows 400 for these request-level refusals and merchant code already handles it; their checks read the same table. 409 is for the moves the sandbox's own actions and any other path refuse.

**A status the sandbox gives no meaning** says why in its table ("not given by the sandbox").

${MACHINES.map(section).join('\n\n')}
`.trim();
