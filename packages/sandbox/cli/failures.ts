// The failures a user causes and fixes (a busy port, an unreachable or refused database, a
// folder another process holds) as one line naming what to do; anything else is a defect and keeps its stack.
import type { StorageOptions } from '../db/database.js';
import { FolderInUse } from '../db/folder-lock.js';
import { FolderUnreadable } from '../db/pglite.js';
import { postgresPlace } from './storage.js';

interface Context { storage: StorageOptions; dataFolder: string; port?: number }

/** One line for a known failure, undefined for a defect. */
export function explain(error: unknown, { storage, dataFolder, port }: Context): string | undefined {
  const code = (error as { code?: string }).code;
  if (error instanceof FolderInUse)
    return `the data folder ${dataFolder} is in use by process ${error.holder.pid}${error.holder.url ? `, the sandbox at ${error.holder.url}` : ''}: one sandbox per folder (PGlite has one process). Stop it, or give another --data DIR. If process ${error.holder.pid} is no sandbox, delete ${error.lockFile}`;
  if (error instanceof FolderUnreadable) return error.message;
  if (code === 'EADDRINUSE') return `port ${port} is in use by another program: give --port N, or --port 0 for a free one`;
  if (code === 'EACCES' && port !== undefined && port < 1024) return `port ${port} needs privileges this user lacks: give --port N from 1024, or --port 0 for a free one`;
  if (storage.databaseUrl !== undefined) {
    if (!URL.canParse(storage.databaseUrl)) return 'DATABASE_URL is not a connection string (postgres://user:password@host:port/database)';
    const where = `PostgreSQL at ${postgresPlace(storage.databaseUrl)} (DATABASE_URL)`;
    if (code === 'ECONNREFUSED') return `${where} refused the connection: is the server running, on that port?`;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${where}: the host is not known`;
    if (code === 'ETIMEDOUT' || /timeout/i.test(String((error as Error).message))) return `${where} did not answer in time`;
    // PostgreSQL's own refusals (SQLSTATE): class 28 is authorization, 3D000 an unknown database.
    if (code === '28P01' || code === '28000') return `${where} refused the login: ${(error as Error).message}`;
    if (code === '3D000') return `${where}: ${(error as Error).message}; create it (createdb) or name another`;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return `${where}: ${(error as Error).message} (SQLSTATE ${code})`;
    if (typeof code === 'string' && code.startsWith('E')) return `${where} could not be reached: ${code} ${(error as Error).message}`;
  }
  return undefined;
}
