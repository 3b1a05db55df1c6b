// What every route of the sandbox reaches: the database, the injected
// decryptor, the clock and the observers tests hang on.
import type { TestClocks } from './clock.js';
import type { Database } from './db/database.js';
import type { Decryptor } from './payment/open-card.js';
import type { RecentRecords } from './recent.js';
import type { TargetPolicy } from './webhooks/targets.js';

export interface SandboxContext {
  db: Database;
  decryptor: Decryptor;
  /** The sandbox's time for a company (the test clock moves it per company). */
  now(companyId: string): Date;
  clocks: TestClocks;
  recent: RecentRecords;
  /** Where webhooks may POST (webhooks/targets.ts); strict when not given. */
  webhookTargets?: TargetPolicy;
}

/**
 * The context as it was at `at` on `companyId`'s clock: a step of the test
 * clock runs billing with it, so every record and event the step makes
 * (transactions, alerts, card expiry checks) carries the step's time.
 */
export const contextAt = (ctx: SandboxContext, companyId: string, at: Date): SandboxContext =>
  ({ ...ctx, now: (id) => (id === companyId ? new Date(at) : ctx.now(id)) });
