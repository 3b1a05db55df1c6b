// A PGlite put back to the state it was loaded in (the run's migrated dump), so one database can
// serve file after file of a Vitest worker (worker-pool.ts) instead of each file loading the dump
// (2-3 s of CPU each). What a test can change is put back: every table's rows (truncated, the
// dump's rows written again), every sequence, the planner's statistics and size figures (the clock ANALYZEs) and
// the session (settings, temporary tables, LISTEN, prepared statements: DISCARD ALL). What it
// cannot cheaply put back (a table, column, index, function, trigger, role or extension added,
// changed or dropped) is caught by the fingerprint: a database whose fingerprint after the reset
// is not the loaded one's is closed, never lent again.
import type { PGlite } from '@electric-sql/pglite';

type Pg = Pick<PGlite, 'query' | 'exec'>;

/** What a loaded database held: the rows of its tables, its sequences, and the fingerprint of both and its schema. */
export interface Pristine {
  rows: { table: string; json: string }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  /** pg_class's size figures of every table and index (the planner's): a TRUNCATE changes an index's. */
  sizes: string;
  fingerprint: string;
}

// The namespaces a test's SQL can reach (not the system's, nor a session's temporary ones).
const USER_NAMESPACES = `SELECT oid, nspname FROM pg_namespace WHERE nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND nspname NOT LIKE 'pg_temp_%' AND nspname NOT LIKE 'pg_toast_temp_%'`;
const USER_RELATIONS = `SELECT c.oid, c.relname, c.relkind, c.relpages, c.reltuples, c.relallvisible, c.relrowsecurity, c.reloptions, n.nspname FROM pg_class c JOIN (${USER_NAMESPACES}) n ON n.oid = c.relnamespace`;

/** Every catalogue fact a test's DDL (or ANALYZE, or SET) could change, one line each, hashed. */
const SCHEMA_FINGERPRINT = `
WITH ns AS (${USER_NAMESPACES}), rels AS (${USER_RELATIONS})
SELECT md5(string_agg(line, E'\\n' ORDER BY line)) AS hash FROM (
  SELECT 'ns ' || nspname FROM ns
  UNION ALL SELECT format('rel %s.%s %s pages=%s tuples=%s visible=%s rls=%s %s', nspname, relname, relkind, relpages, reltuples, relallvisible, relrowsecurity, reloptions) FROM rels
  UNION ALL SELECT format('col %s.%s %s %s %s notnull=%s default=%s', r.nspname, r.relname, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
    FROM rels r JOIN pg_attribute a ON a.attrelid = r.oid AND a.attnum > 0 AND NOT a.attisdropped LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
  UNION ALL SELECT format('con %s.%s %s %s', r.nspname, r.relname, c.conname, pg_get_constraintdef(c.oid)) FROM pg_constraint c JOIN rels r ON r.oid = c.conrelid
  UNION ALL SELECT 'idx ' || pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN rels r ON r.oid = i.indrelid
  UNION ALL SELECT format('trg %s.%s %s %s', r.nspname, r.relname, t.tgenabled, pg_get_triggerdef(t.oid)) FROM pg_trigger t JOIN rels r ON r.oid = t.tgrelid
  UNION ALL SELECT format('fn %s.%s(%s) %s %s', n.nspname, p.proname, pg_get_function_arguments(p.oid), p.prokind, md5(coalesce(p.prosrc, ''))) FROM pg_proc p JOIN ns n ON n.oid = p.pronamespace
  UNION ALL SELECT format('view %s.%s %s', nspname, relname, md5(pg_get_viewdef(oid))) FROM rels WHERE relkind IN ('v', 'm')
  UNION ALL SELECT format('type %s.%s %s', n.nspname, t.typname, t.typtype) FROM pg_type t JOIN ns n ON n.oid = t.typnamespace
  UNION ALL SELECT format('policy %s %s', polrelid::regclass, polname) FROM pg_policy
  UNION ALL SELECT 'statistics ' || count(*) FROM pg_statistic s JOIN rels r ON r.oid = s.starelid
  UNION ALL SELECT 'extended statistics ' || count(*) FROM pg_statistic_ext
  UNION ALL SELECT format('ext %s %s', extname, extversion) FROM pg_extension
  UNION ALL SELECT 'role ' || rolname FROM pg_roles
  UNION ALL SELECT 'database settings ' || count(*) FROM pg_db_role_setting
  UNION ALL SELECT 'large objects ' || count(*) FROM pg_largeobject_metadata
  UNION ALL SELECT format('setting %s=%s (%s)', name, setting, source) FROM pg_settings WHERE source <> 'default'
) lines(line)`;

const tablesOf = async (pg: Pg) =>
  (await pg.query<{ name: string }>(`SELECT format('%I.%I', nspname, relname) AS name FROM (${USER_RELATIONS}) r WHERE relkind IN ('r', 'p') ORDER BY 1`)).rows.map((row) => row.name);
const sequencesOf = async (pg: Pg) =>
  (await pg.query<{ name: string }>(`SELECT format('%I.%I', nspname, relname) AS name FROM (${USER_RELATIONS}) r WHERE relkind = 'S' ORDER BY 1`)).rows.map((row) => row.name);

/** Each table's rows as one JSON text (ordered, so equal contents give equal text), null when empty. */
async function rowsOf(pg: Pg, tables: string[]) {
  if (!tables.length) return [];
  const parts = tables.map((table, index) => `SELECT ${index} AS i, (SELECT jsonb_agg(to_jsonb(t) ORDER BY to_jsonb(t)::text)::text FROM ${table} t) AS json`);
  const rows = (await pg.query<{ i: number; json: string | null }>(parts.join(' UNION ALL '))).rows;
  return rows.sort((a, b) => a.i - b.i).map((row) => ({ table: tables[row.i]!, json: row.json }));
}

async function sequenceValues(pg: Pg, sequences: string[]) {
  if (!sequences.length) return [];
  const parts = sequences.map((sequence, index) => `SELECT ${index} AS i, last_value::text AS "lastValue", is_called AS "isCalled" FROM ${sequence}`);
  const rows = (await pg.query<{ i: number; lastValue: string; isCalled: boolean }>(parts.join(' UNION ALL '))).rows;
  return rows.sort((a, b) => a.i - b.i).map(({ lastValue, isCalled }, index) => ({ name: sequences[index]!, lastValue, isCalled }));
}

/** The schema's hash, then every table's rows and every sequence's value, hashed together. */
async function fingerprintOf(pg: Pg): Promise<{ fingerprint: string; rows: { table: string; json: string | null }[]; sequences: Pristine['sequences'] }> {
  const [schema] = (await pg.query<{ hash: string }>(SCHEMA_FINGERPRINT)).rows;
  const rows = await rowsOf(pg, await tablesOf(pg));
  const sequences = await sequenceValues(pg, await sequencesOf(pg));
  return { fingerprint: JSON.stringify({ schema: schema!.hash, rows, sequences }), rows, sequences };
}

/** The state of a database just loaded: what reset() puts back and checks. */
export async function pristineOf(pg: Pg): Promise<Pristine> {
  const { fingerprint, rows, sequences } = await fingerprintOf(pg);
  const [sizes] = (await pg.query<{ json: string }>(`SELECT jsonb_agg(jsonb_build_object('oid', oid, 'relpages', relpages, 'reltuples', reltuples, 'relallvisible', relallvisible))::text AS json FROM (${USER_RELATIONS}) r`)).rows;
  return { fingerprint, sequences, sizes: sizes!.json, rows: rows.filter((row): row is { table: string; json: string } => row.json !== null) };
}

/** Whether `pg` is as it was loaded (the state `pristine` was taken from). */
export async function isPristine(pg: Pg, pristine: Pristine): Promise<boolean> {
  return (await fingerprintOf(pg)).fingerprint === pristine.fingerprint;
}

/** Puts `pg` back as `pristine` found it; throws when it cannot (the caller then closes it). */
export async function reset(pg: Pg, pristine: Pristine): Promise<void> {
  const tables = await tablesOf(pg);
  // As a restore does it: no trigger or foreign-key check runs on what is written back.
  await pg.exec(`SET session_replication_role = replica;
    ${tables.length ? `TRUNCATE ${tables.join(', ')} RESTART IDENTITY;` : ''}
    DELETE FROM pg_statistic WHERE starelid IN (SELECT oid FROM (${USER_RELATIONS}) r);`);
  for (const { table, json } of pristine.rows) {
    await pg.query(`INSERT INTO ${table} OVERRIDING SYSTEM VALUE SELECT * FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`, [json]);
  }
  for (const { name, lastValue, isCalled } of pristine.sequences) {
    await pg.query('SELECT setval($1::regclass, $2::bigint, $3)', [name, lastValue, isCalled]);
  }
  // What ANALYZE or a TRUNCATE wrote there (an emptied index is 0 pages, not its metapage's 1), as loaded.
  await pg.query(`UPDATE pg_class c SET relpages = s.relpages, reltuples = s.reltuples, relallvisible = s.relallvisible
    FROM jsonb_to_recordset($1::jsonb) AS s(oid oid, relpages int, reltuples real, relallvisible int) WHERE c.oid = s.oid`, [pristine.sizes]);
  // Settings (session_replication_role too), temporary tables, LISTEN, prepared statements, advisory locks.
  await pg.exec('DISCARD ALL');
  if (!(await isPristine(pg, pristine))) throw new Error('the database differs from the dump after its reset: a test changed its schema, say');
}
