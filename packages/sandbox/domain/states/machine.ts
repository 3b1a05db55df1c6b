// A resource's state machine as data (issue 23): its statuses, their named
// subsets, and the transition table (from, event, to, effects, event emitted).
// `move` and `create` are the one way a status is written: a move the table
// does not allow is refused (409 conflict) and writes nothing; an allowed one
// is written, with updatedAt moved, then its event is emitted with the record
// as written. The description's state tables are rendered from the same data
// (http/docs/states.ts).
import type { Queryable } from '../../db/database.js';
import { emit, type EventType } from '../../events.js';
import { ApiError, fieldError } from '../../base/errors.js';

/** `from` of a row that makes a new record. */
export const NEW = 'new' as const;
/** `to` of a row that leaves the status as it was (an attempt that changed only counters). */
export const SAME = 'same' as const;

export type Resource = 'transaction' | 'charge' | 'subscription' | 'client' | 'alert' | 'mandate';

export interface Row<S extends string, E extends string> {
  event: E;
  /** The statuses it moves from: a list, or NEW for a record being made. */
  from: readonly S[] | typeof NEW;
  to: S | typeof SAME;
  /** What else happens (said in the description). */
  effects: string;
  /** The event emitted after the write. */
  emits: EventType;
  /** Who makes the move: an API call, a sandbox action, the test clock. */
  by: string;
}

/** What a status means in the sandbox and how a merchant makes it happen (or why nothing does). */
export interface StatusNote { meaning: string; how: string; reachable: boolean }

export interface Machine<S extends string, E extends string, D extends Record<string, unknown> & { _id: string; companyId: string; status: S; updatedAt: string }> {
  resource: Resource;
  statuses: readonly S[];
  /** Named subsets of the statuses, typed once (payable, open, live, ...). */
  subsets: Readonly<Record<string, readonly S[]>>;
  rows: readonly Row<S, E>[];
  notes: Readonly<Record<S, StatusNote>>;
  insert(db: Queryable, doc: D): Promise<D>;
  update(db: Queryable, doc: D): Promise<D>;
  /** After a written status change (e.g. a subscription's client follows it). */
  after?(db: Queryable, before: D | undefined, written: D, at: Date): Promise<void>;
}

export type AnyMachine = Machine<string, string, any>;

/** The row that makes `event` from `status`, if the table has one. */
export function rowFor<S extends string, E extends string>(machine: { rows: readonly Row<S, E>[] }, from: S | typeof NEW, event: E, to?: S): Row<S, E> | undefined {
  return machine.rows.find((row) => row.event === event && (to === undefined || row.to === to || (row.to === SAME && to === from))
    && (from === NEW ? row.from === NEW : row.from !== NEW && row.from.includes(from)));
}

export const allows = <S extends string, E extends string>(machine: { rows: readonly Row<S, E>[] }, from: S, event: E) => rowFor(machine, from, event) !== undefined;

/** The part-7 refusal of a move the table does not allow: 409 conflict, on `field` when the request names the record. */
export function conflict(message: string, field?: string): ApiError {
  return new ApiError(409, 'conflict', [field ? fieldError(field, message) : { msg: message }]);
}

export interface MoveOptions<D> {
  /** Members written with the status (message, attempts, ...). */
  patch?: Partial<D>;
  /** More members of the event's payload (transactionId, reason, ...). */
  data?: Record<string, unknown>;
  /** The request's field that named the record, for a refusal. */
  field?: string;
  /** The status to move to, for an event whose rows lead to several (a client following its subscriptions). */
  to?: string;
}

/** Throws the 409 conflict when the table has no row for `event` from `doc`'s status. */
export function assertMove(machine: AnyMachine, doc: { _id: string; status: string }, event: string, field?: string): void {
  if (!rowFor(machine, doc.status, event)) throw refusal(machine, doc, event, field);
}

function refusal(machine: AnyMachine, doc: { _id: string; status: string }, event: string, field?: string) {
  const events = machine.rows.filter((row) => row.from !== NEW && row.from.includes(doc.status)).map((row) => row.event);
  const allowed = events.length ? `allowed from ${doc.status}: ${[...new Set(events)].join(', ')}` : `${doc.status} takes no move`;
  return conflict(`${machine.resource} ${doc._id} is ${doc.status}: ${event} is not a move its state table allows (${allowed})`, field);
}

/**
 * Moves `doc` (read under its row lock by the caller) by `event` at `at`:
 * refused with 409 conflict when the table has no such row from its status;
 * else written with the row's status and updatedAt, then the row's event
 * emitted with the record as written.
 */
export async function move<S extends string, E extends string, D extends Record<string, unknown> & { _id: string; companyId: string; status: S; updatedAt: string }>(
  machine: Machine<S, E, D>, db: Queryable, doc: D, event: E, at: Date, options: MoveOptions<D> = {}): Promise<D> {
  const row = rowFor(machine, doc.status, event, options.to as S | undefined);
  if (!row) throw refusal(machine as AnyMachine, doc, event, options.field);
  const status = row.to === SAME ? doc.status : row.to;
  const written = await machine.update(db, { ...doc, ...options.patch, status, updatedAt: at.toISOString() });
  await emit(db, doc.companyId, row.emits, { [machine.resource]: written, previousStatus: doc.status, move: event, ...options.data }, at);
  if (machine.after && status !== doc.status) await machine.after(db, doc, written, at);
  return written;
}

/** Stores a new record made by `event` (a row from NEW to its status), then emits the row's event. */
export async function create<S extends string, E extends string, D extends Record<string, unknown> & { _id: string; companyId: string; status: S; updatedAt: string }>(
  machine: Machine<S, E, D>, db: Queryable, doc: D, event: E, at: Date, options: Omit<MoveOptions<D>, 'patch' | 'field'> = {}): Promise<D> {
  const row = rowFor(machine, NEW, event, doc.status);
  if (!row) throw new Error(`${machine.resource}: no row makes a new record ${doc.status} by ${event}`);
  const written = await machine.insert(db, doc);
  await emit(db, doc.companyId, row.emits, { [machine.resource]: written, move: event, ...options.data }, at);
  if (machine.after) await machine.after(db, undefined, written, at);
  return written;
}

/** Every status a row of the table can lead to (NEW rows included). */
export const reachableByRows = (machine: AnyMachine) => new Set(machine.rows.map((row) => row.to).filter((to) => to !== SAME));
