// What every route of the sandbox reaches: the database, the injected
// decryptor, the clock and the observers tests hang on.
import type { TestClocks } from './clock.js';
import type { Database } from './db/database.js';
import type { Decryptor } from './payment/open-card.js';
import type { RecentRecords } from './recent.js';

export interface SandboxContext {
  db: Database;
  decryptor: Decryptor;
  /** The sandbox's time for a company (the test clock moves it per company). */
  now(companyId: string): Date;
  clocks: TestClocks;
  recent: RecentRecords;
}
