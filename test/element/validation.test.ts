import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectBrand } from '../../src/shared/brands.js';
import { toCardErrors } from '../../src/element/card-errors.js';
import { stringsFor } from '../../src/shared/i18n.js';
import { checkCard, FIELDS, messageFor, type CardValues, type FieldErrorReason } from '../../src/element/validation.js';

const now = new Date(2026, 4, 15);
const good: CardValues = { holder: 'MARIA DA SILVA', number: '4111111111111111', expiry: '05/26', securityCode: '123', holderDocument: '' };
const check = (values: Partial<CardValues>, accepted: string[] = []) => {
  const all = { ...good, ...values };
  return checkCard(all, detectBrand(all.number), accepted, now);
};

describe('checkCard', () => {
  it('accepts a complete card, valid through the last day of its month', () => {
    expect(Object.values(check({})).map((c) => c.status)).toEqual(['valid', 'valid', 'valid', 'valid', 'valid']);
  });

  it('gives only "potentially valid" while a field can still become valid', () => {
    expect(check({ number: '411111' }).number).toEqual({ status: 'partial', reason: 'incomplete' });
    expect(check({ expiry: '0' }).expiry.status).toBe('partial');
    expect(check({ expiry: '05/2' }).expiry.status).toBe('partial');
    expect(check({ expiry: '05/20' }).expiry).toEqual({ status: 'partial', reason: 'expired' }); // may become 05/2030
    expect(check({ securityCode: '12' }).securityCode).toEqual({ status: 'partial', reason: 'length' });
    expect(check({ holder: '  ' }).holder).toEqual({ status: 'partial', reason: 'required' });
  });

  it('fails Luhn, past expiry, far expiry and wrong code length before any encryption', () => {
    expect(check({ number: '4111111111111112' }).number).toEqual({ status: 'partial', reason: 'invalid' });
    expect(check({ number: '4111111111111111112' }).number).toEqual({ status: 'invalid', reason: 'invalid' });
    expect(check({ expiry: '04/26' }).expiry).toEqual({ status: 'invalid', reason: 'expired' });
    expect(check({ expiry: '04/2026' }).expiry).toEqual({ status: 'invalid', reason: 'expired' });
    expect(check({ expiry: '13/26' }).expiry).toEqual({ status: 'invalid', reason: 'invalid' });
    expect(check({ expiry: '05/2099' }).expiry).toEqual({ status: 'invalid', reason: 'too-far' });
    expect(check({ securityCode: '1234' }).securityCode).toEqual({ status: 'invalid', reason: 'length' });
    expect(check({ number: '378282246310005', securityCode: '123' }).securityCode.status).toBe('partial');
    expect(check({ number: '378282246310005', securityCode: '1234' }).securityCode.status).toBe('valid');
  });

  it('refuses a brand the merchant does not accept', () => {
    expect(check({}, ['elo', 'mastercard']).number).toEqual({ status: 'invalid', reason: 'brand-not-accepted' });
    expect(check({}, ['visa']).number.status).toBe('valid');
  });

  it('names the brand and the code length in messages, in both languages', () => {
    const amex = detectBrand('34');
    expect(messageFor('number', 'brand-not-accepted', stringsFor('pt-BR'), amex)).toBe('Não aceitamos American Express.');
    expect(messageFor('securityCode', 'length', stringsFor('en'), amex)).toBe('Use 4 digits.');
    expect(messageFor('expiry', 'expired', stringsFor('en-GB'), undefined)).toBe('Card expired.');
  });

  it('maps element errors onto the core codes', () => {
    const errors = toCardErrors([
      { field: 'holder', reason: 'required', message: 'a' },
      { field: 'expiry', reason: 'expired', message: 'b' },
      { field: 'expiry', reason: 'invalid', message: 'c' },
      { field: 'securityCode', reason: 'length', message: 'd' },
    ]);
    expect(errors.map((e) => [e.code, e.field])).toEqual([
      ['INVALID_HOLDER', 'holder'], ['INVALID_EXPIRATION_YEAR', 'expYear'],
      ['INVALID_EXPIRATION_MONTH', 'expMonth'], ['INVALID_SECURITY_CODE', 'securityCode'],
    ]);
  });
});

// site/guide/element.md writes the unions out for the reader: they must be the types' whole unions.
// Each Record below must name every member of its type (tsc checks it), so a new member fails here
// until the guide has it.
describe('the element guide lists the types whole', () => {
  const guide = readFileSync('site/guide/element.md', 'utf8');
  const quoted = (text: string) => [...text.matchAll(/'([A-Za-z-]+)'/g)].map((m) => m[1]!).sort();
  const REASONS: Record<FieldErrorReason, true> = {
    required: true, incomplete: true, invalid: true, 'brand-not-accepted': true, expired: true, 'too-far': true, length: true, refused: true,
  };

  it("FieldError's reason: every FieldErrorReason", () => {
    const line = /^`FieldError = \{ field, reason: (.*), message \}`/m.exec(guide);
    expect(line, 'the FieldError line').not.toBeNull();
    expect(quoted(line![1]!)).toEqual(Object.keys(REASONS).sort());
  });

  it('focus(field?) and svc-focus / svc-blur: every field, the holder\'s document included', () => {
    const focus = /^- `focus\(field\?\)` — (.*)$/m.exec(guide);
    const events = /^\| `svc-focus` \/ `svc-blur` \| `\{ field: (.*?) \}` \|/m.exec(guide);
    expect(focus, 'the focus() bullet').not.toBeNull();
    expect(events, 'the svc-focus row').not.toBeNull();
    expect(quoted(focus![1]!.split('(default')[0]!)).toEqual([...FIELDS].sort());
    expect(quoted(events![1]!)).toEqual([...FIELDS].sort());
  });
});
