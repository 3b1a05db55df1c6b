// Starting a 3-D Secure challenge: the next action a PENDING_3DS transaction
// carries, and the stored challenge that holds the provider's answer until the
// shopper ends it (domain/three-ds.ts ends it). No card data is kept.
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { challenges, newReference, type ChallengeDoc } from '../store/three-ds-challenges.js';
import type { TransactionDoc } from '../store/tables.js';
import type { Payer } from './pay-by-card.js';

/** How long a challenge waits for the shopper, on the company's test clock. */
export const CHALLENGE_MINUTES = 10;

/** The path the challenge page is served under (routes/three-ds.ts). */
export const CHALLENGE_PATH = '/sandbox/3ds/challenge';

export interface OpenedChallenge { nextAction: NonNullable<TransactionDoc['nextAction']>; save(transaction: TransactionDoc): Promise<ChallengeDoc> }

/** A challenge for a transaction about to be recorded: its next action now, its row once the transaction exists. */
export function openChallenge(ctx: SandboxContext, db: Queryable, companyId: string, origin: string, held: ChallengeDoc['held'], fails: boolean, payer: Payer = 'shopper'): OpenedChallenge {
  const now = ctx.now(companyId);
  const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000).toISOString();
  const { reference, id } = newReference();
  return {
    nextAction: { type: 'THREE_DS_CHALLENGE', url: `${origin}${CHALLENGE_PATH}/${reference}`, expiresAt },
    save: (transaction) => challenges.insert(db, {
      _id: id, companyId, status: 'PENDING', transactionId: transaction._id, expiresAt, fails, held, ...(payer !== 'shopper' ? { payer } : {}),
      createdAt: now.toISOString(), updatedAt: now.toISOString(),
    }),
  };
}
