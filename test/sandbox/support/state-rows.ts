// Which row of which state table an event says it made (domain/states/*), for
// the state-machine tests: undefined is a move outside the tables.
import { NEW, SAME } from '../../../packages/sandbox/domain/states/machine.js';
import { MACHINES } from '../../../packages/sandbox/http/docs/states.js';

export interface SeenEvent { type: string; seq: number; data: Record<string, any> }

export function rowOf(event: SeenEvent) {
  const machine = MACHINES.find((m) => m.resource in event.data);
  if (!machine) return undefined;
  const record = event.data[machine.resource];
  const from = event.data.previousStatus as string | undefined;
  const row = machine.rows.find((r) => r.event === event.data.move && r.emits === event.type
    && (from === undefined ? r.from === NEW : r.from !== NEW && r.from.includes(from))
    && (r.to === SAME ? record.status === from : r.to === record.status));
  return row && { machine, row };
}
