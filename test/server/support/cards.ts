// Fresh tokens from the core's encryptCard, for round trips.
import { encryptCard } from '../../../src/core/index.js';
import type { PublicJwk } from '../../../src/core/index.js';
import type { EncryptedCard } from '../../../src/core/types.js';
import { PAID_CARD, PAID_PROFILE } from '../../../test-support/cards.mjs';

/** The paid test card as typed (test-support/cards.mjs), and as the decrypted paymentProfile. */
export const card = PAID_CARD;
export const openCard = PAID_PROFILE;

export async function tokenFor(publicKey: string | PublicJwk, keyId = 'v1'): Promise<EncryptedCard> {
  const result = await encryptCard({ ...card, publicKey, keyId });
  if (result.hasErrors) throw new Error(`encryptCard failed: ${result.errors.map((e) => e.code).join(', ')}`);
  return result.encryptedCard;
}
