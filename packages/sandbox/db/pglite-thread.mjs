// A PGlite on a worker thread (db/thread-database.ts): the sandbox's data folder, or an in-memory
// database (the forecast's scratch, db/scratch.ts, from the migrated image). One statement per
// message, answered in order, so a long statement holds this thread, never the one that reads
// and answers HTTP requests. Plain JavaScript: a worker file runs as it is, from the sources and
// from dist alike.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** What a PostgreSQL error says, as plain fields (structured clone keeps only an Error's message). */
const fieldsOf = (error) => {
  const fields = { name: error?.name ?? 'Error', message: String(error?.message ?? error) };
  for (const [key, value] of Object.entries(error ?? {})) {
    // The statement's parameters stay here: they may hold anything a request sent.
    if (key !== 'params' && ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
};

const { dataDir, image } = workerData ?? {};
let pg;
try {
  pg = await PGlite.create(dataDir ? { dataDir } : image ? { loadDataDir: new Blob([image]) } : {});
} catch (error) {
  parentPort.postMessage({ failed: fieldsOf(error) });
}

if (pg) {
  parentPort.on('message', async ({ id, sql, params, close }) => {
    try {
      // Closing writes the folder's pages back: the thread is ended only after it.
      if (close) return parentPort.postMessage({ id, rows: [], closed: await pg.close() });
      parentPort.postMessage({ id, rows: (await pg.query(sql, params)).rows });
    } catch (error) {
      parentPort.postMessage({ id, error: fieldsOf(error) });
    }
  });
  parentPort.postMessage({ ready: true });
}
