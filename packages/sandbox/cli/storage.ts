// Where the records go, as the flags and DATABASE_URL say, and how the banner names it.
import { join } from 'node:path';
import type { StorageOptions } from '../db/database.js';
import type { FlagValues } from './flags.js';

export const storageOf = (values: Pick<FlagValues, 'data' | 'memory'>, env = process.env): StorageOptions =>
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : values.memory ? { memory: true } : { dataDir: join(values.data, 'pglite') };

/** The storage in words, without the password a DATABASE_URL carries. */
export function describeStorage(storage: StorageOptions): string {
  if (storage.databaseUrl) return `PostgreSQL at ${postgresPlace(storage.databaseUrl)}`;
  if (storage.memory) return 'in memory (gone when it stops)';
  return `PGlite in ${storage.dataDir} (kept across restarts)`;
}

/** host:port/database, as a connection string names it (`?host=` for a Unix socket folder); never the user's password. */
export function postgresPlace(databaseUrl: string): string {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return '(a DATABASE_URL that is not a URL)';
  }
  const host = url.hostname || url.searchParams.get('host') || 'localhost';
  const database = decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username) || '(default database)';
  return `${host}${url.port ? `:${url.port}` : ''}/${database}${url.username ? ` as ${decodeURIComponent(url.username)}` : ''}`;
}
