// The transactions this process made, most recent last, at most `limit`:
// a synchronous view for tests (startDemo's `sandbox.records`); the database
// stays the record of truth.
import type { TransactionDoc } from './store/tables.js';
export interface RecentRecords {
  transactions: Map<string, TransactionDoc>;
  remember(transaction: TransactionDoc): void;
}

export function createRecentRecords(limit = 1000): RecentRecords {
  const transactions = new Map<string, TransactionDoc>();
  return {
    transactions,
    remember(transaction) {
      transactions.delete(transaction._id);
      transactions.set(transaction._id, transaction);
      if (transactions.size > limit) transactions.delete(transactions.keys().next().value!);
    },
  };
}
