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

/** Writes a set of rows (JSON texts, in order) in one statement. */
export type WriteMany = (db: Queryable, rows: string[]) => Promise<void>;

interface Held { write: WriteMany; rows: Map<string, string> }

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

  /** Writes everything held through `db` (a Queryable that does not hold writes), then holds nothing. */
  async flush(db: Queryable) {
    if (!this.size) return;
    const groups = [...[...this.inserts.values(), ...this.updates.values()].map(({ write, rows }) => ({ write, rows: [...rows.values()] })), ...this.appends.values()];
    this.inserts.clear();
    this.updates.clear();
    this.appends.clear();
    for (const { write, rows } of groups) if (rows.length) await write(db, rows);
  }

  private held(group: Map<string, Held>, table: string, write: WriteMany): Held {
    let held = group.get(table);
    if (!held) group.set(table, (held = { write, rows: new Map() }));
    return held;
  }
}

/** `db` holding its writes in a new buffer: a query writes them first; `flush` writes what remains (call it before the transaction ends). */
export function holdingWrites(db: Queryable): { db: Queryable; flush: () => Promise<void> } {
  const writes = new WriteBuffer();
  const held: Queryable = {
    writes,
    async query(sql, params) {
      await writes.flush(db);
      return db.query(sql, params);
    },
  };
  return { db: held, flush: () => writes.flush(db) };
}
