// Turns the request's card (token or open paymentProfile) into a sandbox
// payment outcome. Tokens go through the project's decryptor (dist/server.js);
// its refusals become 400 answers whose `code` is the decryptor's code.
import { cardOutcome } from './test-cards.mjs';

/** Customer-safe explanations of the TOKEN-FORMAT.md acceptance codes. */
export const TOKEN_MESSAGES = {
  TOKEN_MALFORMED: 'token must be the five-field object of API reference 2.7 (keyId, encryptedKey, iv, ciphertext, authTag)',
  TOKEN_UNKNOWN_KEY: 'token keyId names no key pair of this service',
  TOKEN_UNDECRYPTABLE: 'token could not be decrypted with the service key',
  TOKEN_INVALID_PAYLOAD: 'token does not contain a valid card',
  TOKEN_NOT_YET_VALID: 'token was issued in the future: check the device clock and encrypt the card again',
  TOKEN_EXPIRED: 'token expired (valid for 10 minutes): encrypt the card again and submit',
  TOKEN_REUSED: 'token was already used (single use): encrypt the card again and submit',
};

/**
 * Resolves `{profile, keyId?}` for the request's card or `{refusal: {status, code, msg}}`.
 * Unexpected decryptor failures propagate (500).
 */
export async function openCard(body, decryptor) {
  if (body.paymentProfile !== undefined) return { profile: body.paymentProfile };
  try {
    const { paymentProfile, keyId } = await decryptor.decrypt(body.token);
    return { profile: paymentProfile, keyId };
  } catch (error) {
    const code = error && typeof error === 'object' ? error.code : undefined;
    if (typeof code === 'string' && code in TOKEN_MESSAGES) return { refusal: { status: 400, code, msg: TOKEN_MESSAGES[code] } };
    // Fail closed (the token was not accepted) but say it is the service, not the card.
    if (code === 'REPLAY_STORE_UNAVAILABLE') return { refusal: { status: 503, code, msg: 'the service cannot check token reuse right now: retry later' } };
    throw error;
  }
}

/** What the transaction keeps of the card: never the number or the security code. */
export const cardSummary = (profile) => ({
  last4: String(profile.cardNumber).slice(-4),
  expiration: profile.cardExpiration,
  holderName: profile.holderName,
});

/** The sandbox decision for an opened card: status and main message. */
export function decide(profile, { capture }, now = new Date()) {
  const outcome = cardOutcome(profile, now);
  if (outcome.status === 'PAID' && capture === false) return { status: 'AUTHORIZED', message: 'Authorized, not captured' };
  return outcome;
}
