// Fresh tokens from the core's encryptCard, for round trips.
import { encryptCard } from '../../../src/core/index.js';
import type { PublicJwk } from '../../../src/core/index.js';
import type { EncryptedCard } from '../../../src/core/types.js';

export const card = {
  holder: 'MARIA DA SILVA',
  number: '4111 1111 1111 1111',
  expMonth: '3',
  expYear: '2030',
  securityCode: '123',
};

export const openCard = { cardNumber: '4111111111111111', cardExpiration: '03/2030', holderName: 'MARIA DA SILVA', cardCvv: '123' };

export async function tokenFor(publicKey: string | PublicJwk, keyId = 'v1'): Promise<EncryptedCard> {
  const result = await encryptCard({ ...card, publicKey, keyId });
  if (result.hasErrors) throw new Error(`encryptCard failed: ${result.errors.map((e) => e.code).join(', ')}`);
  return result.encryptedCard;
}
