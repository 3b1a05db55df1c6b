// `svc-sandbox credential`: a credential for some companies, stored where the sandbox reads it.
// Beside a running sandbox on the same PGlite folder it is that sandbox that stores it
// (local-credentials.ts); otherwise the command opens the storage itself.
import { ALL_PERMISSIONS, isPermission, type Permission } from '../auth/permissions.js';
import { UsageError, type Command } from './command.js';
import type { Minted } from './local-credentials.js';
import { storageOf } from './storage.js';

export const credential: Command = {
  summary: 'makes a credential (apiKey and JWT) the sandbox on this folder or DATABASE_URL accepts, running or not',
  flags: ['companies', 'permissions', 'data'],
  required: ['companies'],
  async run(values) {
    const companies = (values.companies ?? '').split(',').filter(Boolean);
    const permissions = values.permissions.split(',').filter(Boolean);
    if (companies.length === 0) throw new UsageError('credential needs --companies a,b');
    const unknown = permissions.find((p) => !isPermission(p));
    if (unknown !== undefined) throw new UsageError(`unknown permission ${JSON.stringify(unknown)}; known: ${ALL_PERMISSIONS.join(', ')}`);
    const storage = storageOf({ ...values, memory: false });
    const minted = await mintWhereItLives(storage, companies, permissions.filter(isPermission), values.data);
    console.log(`apiKey: ${minted.apiKey}`);
    console.log(`token: ${minted.token}`);
    console.log(`companies: ${minted.companies.join(',')}`);
  },
};

async function mintWhereItLives(storage: ReturnType<typeof storageOf>, companies: string[], permissions: Permission[], dataFolder: string): Promise<Minted> {
  // The storage's modules once the flags are known good (commands.ts says why).
  const [{ openDatabase }, { lockHolder }, { mint, mintThrough }] = await Promise.all([import('../db/database.js'), import('../db/folder-lock.js'), import('./local-credentials.js')]);
  const holder = storage.dataDir ? lockHolder(storage.dataDir) : undefined;
  if (holder?.url && holder.credentialSecret) {
    return mintThrough({ url: holder.url, credentialSecret: holder.credentialSecret }, companies, permissions).catch((error: Error) => {
      throw new UsageError(`the sandbox of process ${holder.pid} holds ${dataFolder} but did not make the credential (${error.message}${error.cause ? `: ${(error.cause as Error).message}` : ''}); try again once it runs, or stop it`, 1);
    });
  }
  // Held by a process that does not serve (yet): openDatabase refuses with FolderInUse, which names it.
  const db = await openDatabase(storage);
  try {
    return await mint(db, companies, permissions);
  } finally {
    await db.close();
  }
}
