// Issue 39: a decline tells the shopper only what the shopper can act on. Lost, stolen, suspected-fraud
// and antifraud-blocked cards (and any reason the store does not know) read as one generic decline, as
// Stripe shows them: the precise reason stays with the store's server (the API's transaction.message).
// A failed 3-D Secure challenge says the bank did not confirm the purchase and what to do next.
// Failed before the change: the lost card read "Declined: card reported lost.".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { failedOutcome } from '../../demo/merchant/outcomes.mjs';

const LANGS = ['pt-BR', 'en'] as const;
const declined = (message: string, lang: 'pt-BR' | 'en') => failedOutcome({ status: 'DECLINED', message }, lang);
const HIDDEN = ['Card reported lost', 'Card reported stolen', 'Suspected fraud', 'Blocked by the antifraud: high risk', 'Declined by the issuer'];

describe('what a decline tells the shopper', () => {
  for (const lang of LANGS) {
    it(`${lang}: lost, stolen, fraud and blocked cards read exactly as any unknown reason, naming none of it`, () => {
      const generic = declined('Declined by the issuer', lang).message;
      for (const reason of HIDDEN) {
        const answer = declined(reason, lang);
        expect(answer.message).toBe(generic);
        expect(JSON.stringify(answer)).not.toMatch(/lost|stolen|fraud|perdid|roubad|fraude|bloque|blocked/i);
      }
      fc.assert(fc.property(fc.string(), (reason) => {
        const known = ['Insufficient funds', 'Card expired', '3-D Secure authentication failed', '3-D Secure challenge expired unanswered', 'Not a sandbox test card'];
        fc.pre(!known.includes(reason));
        expect(declined(reason, lang).message).toBe(generic);
      }));
      expect(generic).toMatch(lang === 'en' ? /another card/ : /outro cartão/);
    });

    it(`${lang}: a failed challenge says the bank did not confirm the purchase, and what to do`, () => {
      const { message, outcome } = declined('3-D Secure authentication failed', lang);
      expect(outcome).toBe('declined');
      expect(message).toMatch(lang === 'en' ? /^Your bank did not confirm the purchase.*Try another card\.$/ : /^O banco não confirmou a compra.*Tente outro cartão\.$/);
    });
  }

  it('an expired card is told at the expiry, every other decline at the number', () => {
    expect(declined('Card expired', 'en').field).toBe('expiry');
    for (const reason of HIDDEN) expect(declined(reason, 'en').field).toBe('number');
  });
});
