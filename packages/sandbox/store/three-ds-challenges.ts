// 3-D Secure challenges (migration "three_ds_challenges"): one per PENDING_3DS
// transaction, found by the SHA-256 of the one-time reference its URL carries.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { defineTable } from '../db/table.js';
import type { AcquirerRecord } from '../domain/payments/connector.js';
import type { TransactionDoc } from './tables.js';

export type ChallengeStatus = 'PENDING' | 'AUTHENTICATED' | 'FAILED' | 'EXPIRED';

export interface ChallengeDoc {
  _id: string; companyId: string; status: ChallengeStatus; transactionId: string; expiresAt: string;
  /** The test card's behaviour: challenge_fails fails whatever the shopper does. */
  fails: boolean;
  /** Who pays (payment/pay-by-card.ts): absent for the shopper; subscription for POST /v1/subscription's first payment. */
  payer?: 'subscription';
  /** The provider's answer, asked when the payment was made and held until the challenge ends (no card data). */
  held: { status: 'PAID' | 'AUTHORIZED' | 'DECLINED'; message: string; acquirer?: AcquirerRecord; routing?: TransactionDoc['routing'] };
  createdAt: string; updatedAt: string;
}

export const challenges = defineTable<ChallengeDoc>('three_ds_challenges', { transaction_id: (d) => d.transactionId, expires_at: (d) => d.expiresAt });

/** A fresh one-time reference (256 bits, base64url) and the id it is stored under. */
export function newReference(): { reference: string; id: string } {
  const reference = randomBytes(32).toString('base64url');
  return { reference, id: idOf(reference) };
}

export const idOf = (reference: string) => createHash('sha256').update(reference).digest('hex');

/** The challenge a reference names (row-locked when asked), or undefined. */
export const challengeByReference = (db: Queryable, reference: string, lock = false) => challenges.getAny(db, idOf(reference), lock);

/** The company's PENDING challenges whose time is up at `at`, row-locked. */
export async function dueChallenges(db: Queryable, companyId: string, at: Date): Promise<ChallengeDoc[]> {
  const rows = await db.query<{ data: ChallengeDoc }>(
    "SELECT data FROM three_ds_challenges WHERE company_id = $1 AND status = 'PENDING' AND expires_at <= $2 ORDER BY expires_at, id FOR UPDATE",
    [companyId, at.toISOString()]);
  return rows.map((row) => row.data);
}
