// The request's card: the open paymentProfile, or the token opened by the
// project's decryptor (dist/server.js createDecryptor, injected). Decryptor
// refusals become 400 answers whose code is the decryptor's (TOKEN-FORMAT.md).
import type { DecryptedCard, PaymentProfile } from 'svc-card/server';
import { ApiError, fieldError, type TokenErrorCode } from '../base/errors.js';

/** What the sandbox reads of svc-card/server's decryptor: the open card and the key that opened it (a test may pass a stand-in). */
export interface Decryptor {
  decrypt(token: unknown): Promise<Pick<DecryptedCard, 'paymentProfile' | 'keyId'>>;
}

/** Customer-safe explanations of the token acceptance codes. */
export const TOKEN_MESSAGES: Record<TokenErrorCode, string> = {
  TOKEN_MALFORMED: 'token must be the five-field object of API reference 2.7 (keyId, encryptedKey, iv, ciphertext, authTag)',
  TOKEN_UNKNOWN_KEY: 'token keyId names no key pair of this service',
  TOKEN_UNDECRYPTABLE: 'token could not be decrypted with the service key',
  TOKEN_INVALID_PAYLOAD: 'token does not contain a valid card',
  TOKEN_NOT_YET_VALID: 'token was issued in the future: check the device clock and encrypt the card again',
  TOKEN_EXPIRED: 'token expired (valid for 10 minutes): encrypt the card again and submit',
  TOKEN_REUSED: 'token was already used (single use): encrypt the card again and submit',
};

const isTokenCode = (code: unknown): code is TokenErrorCode => typeof code === 'string' && code in TOKEN_MESSAGES;

/** The card of a paying request; throws ApiError for a refused token. Unexpected decryptor failures propagate (500). */
export async function openCard(body: { token?: unknown; paymentProfile?: PaymentProfile }, decryptor: Decryptor): Promise<PaymentProfile> {
  // The schema allows spaces in the number (the PaymentProfile schema); BIN and last four are read without them.
  if (body.paymentProfile !== undefined) return { ...body.paymentProfile, cardNumber: body.paymentProfile.cardNumber.replace(/ /g, '') };
  try {
    return (await decryptor.decrypt(body.token)).paymentProfile;
  } catch (error) {
    const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
    if (isTokenCode(code)) throw new ApiError(400, code, [fieldError('token', TOKEN_MESSAGES[code])]);
    // Fail closed (the token was not accepted), but say it is the service, not the card.
    if (code === 'REPLAY_STORE_UNAVAILABLE')
      throw new ApiError(503, 'REPLAY_STORE_UNAVAILABLE', [fieldError('token', 'the service cannot check token reuse right now: retry later')]);
    if (code === 'DECRYPTOR_UNAVAILABLE')
      throw new ApiError(503, 'DECRYPTOR_UNAVAILABLE', [fieldError('token', 'the service cannot decrypt tokens right now: retry later (the token is still unused)')]);
    throw error;
  }
}
