// The state tables (one per resource, domain/states/*), one test per row,
// through the public API only (the test clock and the sandbox actions
// included), checking the statuses and the events (GET /sandbox/v1/events).
// The tests of each resource are in states/<resource>.ts; they run here, in one
// file, so that the last checks can see every event any of them saw: each one
// is a row of its table (no move outside it), every row was made by some test,
// and every status the description calls reachable was reached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW, type AnyMachine } from '../../packages/sandbox/domain/states/machine.js';
import { MACHINES } from '../../packages/sandbox/http/docs/states.js';
import { DESCRIPTION } from '../../packages/sandbox/http/description.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { rowOf, type SeenEvent } from './support/state-rows.js';
import { memorySandbox } from './support/sandbox.js';
import { stateKit } from './states/kit.js';
import { transactionStates } from './states/transaction.js';
import { chargeStates } from './states/charge.js';
import { subscriptionStates } from './states/subscription.js';
import { clientStates } from './states/client.js';
import { alertStates } from './states/alert.js';
import { mandateStates } from './states/mandate.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

/** Every event seen by any test of this file, for the last checks. */
const seen: SeenEvent[] = [];
const kit = stateKit(() => sandbox, seen);

transactionStates(kit);
chargeStates(kit);
subscriptionStates(kit);
clientStates(kit);
alertStates(kit);
mandateStates(kit);

describe('the tables hold', () => {
  it('every event seen by these tests is a row of its resource\'s table', () => {
    expect(seen.length).toBeGreaterThan(50);
    const outside = seen.filter((event) => !rowOf(event)).map((e) => [e.type, e.data.move, e.data.previousStatus]);
    expect(outside).toEqual([]);
  });

  it('every row of every table is made by at least one test', () => {
    const made = new Set(seen.map((event) => rowOf(event)!.row));
    const missing = MACHINES.flatMap((machine: AnyMachine) => machine.rows.filter((row) => !made.has(row))
      .map((row) => `${machine.resource} ${row.from === NEW ? '(new)' : row.from.join('|')} ${row.event} -> ${row.to}`));
    expect(missing).toEqual([]);
  });

  it('every status the description calls reachable is reached by a test; every other status says why', () => {
    const reached = new Set(seen.map((event) => { const { machine } = rowOf(event)!; return `${machine.resource} ${event.data[machine.resource].status}`; }));
    const unreached = MACHINES.flatMap((machine: AnyMachine) => machine.statuses.filter((s: string) => machine.notes[s]!.reachable && !reached.has(`${machine.resource} ${s}`)).map((s: string) => `${machine.resource} ${s}`));
    expect(unreached).toEqual([]);
    for (const machine of MACHINES) for (const status of machine.statuses) {
      const note = machine.notes[status]!;
      expect(note.how.length, `${machine.resource} ${status}`).toBeGreaterThan(10);
      expect(DESCRIPTION).toContain(`| ${status} | ${note.meaning} |`);
    }
  });
});
