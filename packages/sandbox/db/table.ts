// A resource table (see migrations.ts): the body in `data`, plus the columns
// that lists filter, sort and lock on, copied from the body on every write.
import type { Queryable } from './database.js';
import { recordJson } from './record-json.js';
import type { WriteMany } from './write-buffer.js';

export interface Stored {
  _id: string;
  companyId: string;
  createdAt: string;
  updatedAt: string;
  status?: string;
}

export interface Table<Doc extends Stored> {
  readonly name: string;
  /** Inserts; with `onConflict` (a unique index's columns, e.g. `(company_id, doc)`) a clash inserts nothing. */
  insert(db: Queryable, doc: Doc, onConflict?: string): Promise<Doc>;
  update(db: Queryable, doc: Doc): Promise<Doc>;
  /** One record of the company, or undefined; `lock` takes its row lock (SELECT ... FOR UPDATE) inside a transaction. */
  get(db: Queryable, companyId: string, id: string, lock?: boolean): Promise<Doc | undefined>;
  /** By id in any company (callers check the company themselves). */
  getAny(db: Queryable, id: string, lock?: boolean): Promise<Doc | undefined>;
}

/** `extra` maps a column name to how it is read from the body. */
export function defineTable<Doc extends Stored>(name: string, extra: Record<string, (doc: Doc) => unknown> = {}): Table<Doc> {
  const extraNames = Object.keys(extra);
  const columns = ['id', 'company_id', 'status', 'created_at', 'updated_at', ...extraNames, 'data'];
  const values = (doc: Doc) => [doc._id, doc.companyId, doc.status ?? null, doc.createdAt, doc.updatedAt, ...extraNames.map((c) => extra[c]!(doc) ?? null), JSON.stringify(doc)];
  const placeholders = columns.map((_, i) => `$${i + 1}`).join(', ');
  const insertSql = `INSERT INTO ${name} (${columns.join(', ')}) VALUES (${placeholders})`;
  const updateSql = `UPDATE ${name} SET ${columns.slice(1).map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1`;
  const read = (rows: { data: Doc }[]) => rows[0]?.data;
  // Set-wise (db/write-buffer.ts): rows as JSON objects of the columns, typed by the table's own row type.
  // The body's JSON is made once (record-json.ts): the event emitted next carries the same string.
  const rowJson = (doc: Doc) => {
    const row: Record<string, unknown> = { id: doc._id, company_id: doc.companyId, status: doc.status ?? null, created_at: doc.createdAt, updated_at: doc.updatedAt };
    for (const c of extraNames) row[c] = extra[c]!(doc) ?? null;
    return `${JSON.stringify(row).slice(0, -1)},"data":${recordJson(doc)}}`;
  };
  const insertMany: WriteMany = (rows, tag) =>
    [`${tag} AS (INSERT INTO ${name} (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM jsonb_populate_recordset(null::${name}, ${rows}))`];
  const updateMany: WriteMany = (rows, tag) =>
    [`${tag} AS (UPDATE ${name} t SET ${columns.slice(1).map((c) => `${c} = r.${c}`).join(', ')} FROM jsonb_populate_recordset(null::${name}, ${rows}) r WHERE t.id = r.id)`];
  return {
    name,
    async insert(db, doc, onConflict) {
      if (db.writes && !onConflict) db.writes.insert(name, doc._id, rowJson(doc), insertMany);
      else await db.query(onConflict ? `${insertSql} ON CONFLICT ${onConflict} DO NOTHING` : insertSql, values(doc));
      return doc;
    },
    async update(db, doc) {
      if (db.writes) db.writes.update(name, doc._id, rowJson(doc), updateMany);
      else await db.query(updateSql, values(doc));
      return doc;
    },
    get: async (db, companyId, id, lock = false) =>
      read(await db.query(`SELECT data FROM ${name} WHERE id = $1 AND company_id = $2${lock ? ' FOR UPDATE' : ''}`, [id, companyId])),
    getAny: async (db, id, lock = false) =>
      read(await db.query(`SELECT data FROM ${name} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id])),
  };
}
