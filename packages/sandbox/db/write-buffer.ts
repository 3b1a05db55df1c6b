// Writes held and then written set-wise: one statement per table and kind for
// a whole unit of work (the clock's chunk of subscriptions), instead of one
// round trip per record. The records' own code does not change: a table's
// insert or update and an event's emit, given a Queryable that holds writes,
// hand their rows here (db/table.ts, events.ts). Any other statement sent
// through that Queryable first writes what is held, so every read sees every
// earlier write, as if each had been sent at once. Held rows are written:
// inserts (per table, in order), then updates (the last of a record's updates:
// each is the whole record), then appends (events, in the order emitted).
import type { Queryable } from './database.js';
import { MAX_PREPARED, prepared } from './prepared.js';

/**
 * How a set of rows (a JSON array, the parameter `param`) is written: members of a WITH,
 * their names starting with `tag`, so that several sets go in one statement (flushInOne).
 */
export type WriteMany = (param: string, tag: string) => string[];

/** Each WriteMany's number, for the key of the statements made of it. */
const writerIds = new WeakMap<WriteMany, number>();
let writers = 0;
/** Statement texts by the sets they write (their writers in order): built once, then the same string each time. */
const texts = new Map<string, string>();

/**
 * `WITH <every set's members> SELECT`: one statement (each set's rows a parameter). Its text depends
 * only on which sets are written, so it is built once per shape and kept (a payment's is 1.5 KB:
 * joined, hashed for its prepared name and compared by node-postgres on every send, issue 38).
 * An empty select list: the statement's answer is one row of no columns, nothing to describe.
 */
export async function writeAll(db: Queryable, sets: readonly HeldSet[]) {
  const params: string[] = [];
  let shape = '';
  for (const { write, rows } of sets) {
    if (!rows.length) continue;
    params.push(`[${rows.join(',')}]`);
    let id = writerIds.get(write);
    if (id === undefined) writerIds.set(write, (id = writers++));
    shape += `${id},`;
  }
  if (!params.length) return;
  let sql = texts.get(shape);
  if (sql === undefined) {
    const members: string[] = [];
    let n = 0;
    for (const { write, rows } of sets) if (rows.length) { n += 1; members.push(...write(`$${n}::jsonb`, `w${n}`)); }
    // Data-modifying members run to completion whether or not the main query reads them. Prepared on PostgreSQL.
    sql = prepared(`WITH ${members.join(',\n')} SELECT`);
    if (texts.size < MAX_PREPARED) texts.set(shape, sql);
  }
  await db.query(sql, params);
}

interface Held { write: WriteMany; rows: Map<string, string> }

/** One set of held rows and how it is written. */
export interface HeldSet { write: WriteMany; rows: string[] }

export class WriteBuffer {
  private readonly inserts = new Map<string, Held>();
  private readonly updates = new Map<string, Held>();
  private readonly appends = new Map<string, { write: WriteMany; rows: string[] }>();

  /** A new record of `table` (its row as JSON). */
  insert(table: string, id: string, row: string, write: WriteMany) {
    this.held(this.inserts, table, write).rows.set(id, row);
  }

  /** A record's whole new row: replaces a held insert or an earlier held update of it. */
  update(table: string, id: string, row: string, write: WriteMany) {
    const inserted = this.inserts.get(table);
    if (inserted?.rows.has(id)) inserted.rows.set(id, row);
    else this.held(this.updates, table, write).rows.set(id, row);
  }

  /** A row that is only ever added (an event), written in the order added. */
  append(kind: string, row: string, write: WriteMany) {
    const held = this.appends.get(kind) ?? { write, rows: [] };
    this.appends.set(kind, held);
    held.rows.push(row);
  }

  get size() {
    let n = 0;
    for (const group of [this.inserts, this.updates]) for (const held of group.values()) n += held.rows.size;
    for (const held of this.appends.values()) n += held.rows.length;
    return n;
  }

  /** Writes everything held through `db` (a Queryable that does not hold writes), a statement per set, then holds nothing. */
  async flush(db: Queryable) {
    for (const set of this.take()) await writeAll(db, [set]);
  }

  /**
   * Writes everything held in one statement (atomic by itself, one round trip), then holds nothing.
   * Its members all see the database as it was before the statement: right only for rows no other
   * held row reads (updates here are of records written before, held inserts absorb their updates).
   */
  async flushInOne(db: Queryable) {
    await writeAll(db, this.take());
  }

  /** The records held as inserts or updates (`table id`): two buffers that share one must not be written in one statement. */
  records(): string[] {
    const out: string[] = [];
    for (const group of [this.inserts, this.updates]) for (const [table, held] of group) for (const id of held.rows.keys()) out.push(`${table} ${id}`);
    return out;
  }

  /** Everything held, as sets (inserts, updates, appends), then holds nothing. */
  take(): HeldSet[] {
    const sets: HeldSet[] = [...[...this.inserts.values(), ...this.updates.values()].map(({ write, rows }) => ({ write, rows: [...rows.values()] })), ...this.appends.values()];
    this.inserts.clear();
    this.updates.clear();
    this.appends.clear();
    return sets;
  }

  private held(group: Map<string, Held>, table: string, write: WriteMany): Held {
    let held = group.get(table);
    if (!held) group.set(table, (held = { write, rows: new Map() }));
    return held;
  }
}

/**
 * `db` holding its writes in a new buffer: a query writes them first; `flush` writes what remains (call it before the
 * transaction ends). `inOne`: each time in one statement (flushInOne says when that is right), not a statement per set.
 */
export function holdingWrites(db: Queryable, { inOne = false } = {}): { db: Queryable; flush: () => Promise<void> } {
  const writes = new WriteBuffer();
  const flush = () => (inOne ? writes.flushInOne(db) : writes.flush(db));
  const held: Queryable = {
    writes,
    async query(sql, params) {
      await flush();
      return db.query(sql, params);
    },
  };
  return { db: held, flush };
}
