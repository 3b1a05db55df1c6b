// A unit of work in one round trip when it only writes (POST /v1/transaction: the transaction,
// its payables, its event and the request's kept answer): its writes are held (write-buffer.ts)
// and, if the work read nothing, written at its end as one statement, atomic by itself, with no
// BEGIN or COMMIT. The first read opens a real transaction (db.transaction) and everything after
// runs in it as in any other, held writes first (each time in one statement: write-buffer.ts
// flushInOne says for which writes that is right): what the work sees is the same either way.
// A work that read nothing is written with the other such works that end meanwhile (group-writes.ts).
import type { Database, Queryable } from './database.js';
import { groupWritesOf } from './group-writes.js';
import { WriteBuffer } from './write-buffer.js';

interface Opened { tx: Promise<Queryable>; end: (error?: unknown) => void; ended: Promise<unknown> }

/** db.transaction held open until `end` (a throw given: rolled back), its Queryable once it began. */
function openTransaction(db: Database): Opened {
  let end!: (error?: unknown) => void;
  let began!: (tx: Queryable) => void;
  const done = new Promise<void>((ok, fail) => { end = (error) => (error === undefined ? ok() : fail(error)); });
  const tx = new Promise<Queryable>((resolve) => { began = resolve; });
  const ended = db.transaction(async (inside) => { began(inside); await done; });
  // A transaction that could not begin fails the read that waits for it.
  return { tx: Promise.race([tx, ended.then(() => { throw new Error('the transaction ended before its work'); })]), end, ended };
}

/** Runs `work` as `db.transaction` would, sending its writes in one statement when it reads nothing. */
export async function inOneTrip<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  const writes = new WriteBuffer();
  // db.transaction, held open from the work's first read until it ends (PGlite's one connection too, as its transaction() would).
  let opened: Opened | undefined;
  const held: Queryable = {
    writes,
    async query(sql, params) {
      const tx = await (opened ??= openTransaction(db)).tx;
      await writes.flushInOne(tx);
      return tx.query(sql, params);
    },
  };
  let result: T;
  try {
    result = await work(held);
  } catch (error) {
    if (opened) {
      opened.end(error);
      await opened.ended.catch(() => {});
    }
    throw error;
  }
  if (!opened) {
    await groupWritesOf(db).write(writes);
    return result;
  }
  const { end, ended } = opened;
  try {
    await writes.flushInOne(await opened.tx);
  } catch (error) {
    end(error);
    await ended.catch(() => {});
    throw error;
  }
  end();
  await ended;
  return result;
}
