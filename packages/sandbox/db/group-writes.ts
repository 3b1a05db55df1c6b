// Group commit for units of work that only write (db/one-trip.ts: POST /v1/transaction's
// transaction, payables, event and kept answer). At most IN_FLIGHT such statements are in flight
// per database: a unit's writes go at once while fewer are, and every unit that ends while they all
// are waits and is then written with the others in ONE statement (each set's rows joined: the
// same text, prepared once, whatever the count), so a busy process sends a statement and a commit
// per batch instead of per payment (issue 38, goal 7). Each unit is answered only once its own
// rows are committed. A statement is atomic: when a batch of several fails, each of its units is
// written again alone, so one bad row fails only its own unit, never another's. Two units holding
// the same record (an update of it) never share a batch: one statement cannot write a record twice.
import type { Queryable } from './database.js';
import { writeAll, type HeldSet, type WriteBuffer } from './write-buffer.js';

/** The most units one statement writes (its parameters stay a few hundred KB at most). */
export const MAX_BATCH = 64;

interface Unit { sets: HeldSet[]; records: string[]; done: (error?: unknown) => void }

/** The sets of several units as one: each writer's rows in the units' order. */
function joined(units: readonly Unit[]): HeldSet[] {
  const byWriter = new Map<HeldSet['write'], string[]>();
  for (const { sets } of units) {
    for (const { write, rows } of sets) {
      const into = byWriter.get(write);
      if (into) into.push(...rows);
      else byWriter.set(write, [...rows]);
    }
  }
  return [...byWriter].map(([write, rows]) => ({ write, rows }));
}

/**
 * Statements in flight at once, at most: more units wait and are joined. One (session 40): against two, POST
 * /v1/transaction ran 1.06x the rate on an idle machine (alternating processes, six runs each, 4,000 payments
 * per run), the same rate with two sandboxes side by side (bench/post-side-by-side.mjs), at 0.95x the CPU per
 * payment (PostgreSQL's 0.84x: fewer, larger statements). Session 38 had measured one 3-17% slower, on the code of then.
 */
export const IN_FLIGHT = 1;

export class GroupWrites {
  private readonly waiting: Unit[] = [];
  private writing = 0;
  /** Records held by the batches in flight: a unit holding one waits for the next batch. */
  private readonly busy = new Set<string>();

  constructor(private readonly db: Queryable) {}

  /** Writes what `writes` holds (then it holds nothing); resolves once it is committed, rejects with its own rows' error. */
  write(writes: WriteBuffer): Promise<void> {
    const records = writes.records();
    const sets = writes.take();
    if (!sets.some((set) => set.rows.length)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ sets, records, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (this.writing < IN_FLIGHT) void this.drain();
    });
  }

  private async drain() {
    this.writing++;
    try {
      for (let batch = this.nextBatch(); batch.length; batch = this.nextBatch()) {
        try {
          await this.writeBatch(batch);
        } finally {
          for (const unit of batch) for (const record of unit.records) this.busy.delete(record);
        }
      }
    } finally {
      this.writing--;
    }
  }

  /** The waiting units, oldest first, up to MAX_BATCH, leaving for later any that holds a record a batch (in flight or this one) holds. */
  private nextBatch(): Unit[] {
    const batch: Unit[] = [];
    for (let i = 0; i < this.waiting.length && batch.length < MAX_BATCH;) {
      const unit = this.waiting[i]!;
      if (unit.records.some((record) => this.busy.has(record))) { i++; continue; }
      for (const record of unit.records) this.busy.add(record);
      batch.push(unit);
      this.waiting.splice(i, 1);
    }
    return batch;
  }

  private async writeBatch(batch: Unit[]) {
    try {
      await writeAll(this.db, batch.length === 1 ? batch[0]!.sets : joined(batch));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.done(error);
      // Nothing of the batch was written (one statement): each unit alone, so each gets its own answer.
      for (const unit of batch) {
        try {
          await writeAll(this.db, unit.sets);
          unit.done();
        } catch (own) {
          unit.done(own);
        }
      }
      return;
    }
    for (const unit of batch) unit.done();
  }
}

const groups = new WeakMap<Queryable, GroupWrites>();

/** The database's one GroupWrites. */
export function groupWritesOf(db: Queryable): GroupWrites {
  let group = groups.get(db);
  if (!group) groups.set(db, (group = new GroupWrites(db)));
  return group;
}
