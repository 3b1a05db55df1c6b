// The scratch database's thread (db/scratch.ts): an in-memory PGlite that answers one query per
// message, so its work (a forecast's thousands of statements) runs beside the sandbox's thread,
// not on it. Plain JavaScript: a worker file runs as it is, from the sources and from dist alike.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const image = workerData?.image;
const pg = await PGlite.create(image ? { loadDataDir: new Blob([image]) } : {});

parentPort.on('message', async ({ id, sql, params }) => {
  try {
    parentPort.postMessage({ id, rows: (await pg.query(sql, params)).rows });
  } catch (error) {
    parentPort.postMessage({ id, error: { name: error?.name, message: String(error?.message ?? error), code: error?.code } });
  }
});
parentPort.postMessage({ ready: true });
