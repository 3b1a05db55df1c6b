// Issue 12, "a form that holds still while paying" (defect 6) and the code typed before the
// number (defect 11), in happy-dom; the same with real browsers and a slow payment in
// e2e/element/hold-still.spec.ts.
import { afterEach, describe, expect, it } from 'vitest';
import type { SvcCardForm } from '../../src/element/index.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { futureExpiry } from './card-numbers.js';
import { input, mount, record, type } from './support/dom.js';

const publicKey = readSharedKey('rsa-2048-public.pem');

afterEach(() => {
  document.body.innerHTML = '';
});

async function goodCard(): Promise<SvcCardForm> {
  const el = await mount();
  el.publicKey = publicKey;
  await type(el, 'holder', 'MARIA DA SILVA');
  await type(el, 'number', '6362970000457013');
  await type(el, 'expiry', futureExpiry());
  await type(el, 'securityCode', '123');
  return el;
}

/** An edit a script makes (the customer cannot: the fields are read-only meanwhile). */
function edit(el: SvcCardForm, id: string, value: string): void {
  const field = input(el, id);
  field.value = value;
  field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText' }));
}

const readOnly = (el: SvcCardForm) => ['holder', 'number', 'expiry', 'securityCode'].map((id) => input(el, id).readOnly);
const group = (el: SvcCardForm) => el.shadowRoot!.querySelector('[part="group"]')!;

describe('encrypt() never resolves with a stale token (defect 6)', () => {
  it('a field edited while encrypting: the card as shown is encrypted, once', async () => {
    const el = await goodCard();
    const encrypted = record<{ encryptedCard: unknown; brand: string; last4: string }>(el, 'svc-encrypted');
    const pending = el.encrypt();
    edit(el, 'number', '4111111111111111');
    const result = await pending;
    expect(result.hasErrors).toBe(false);
    expect(encrypted).toEqual([expect.objectContaining({ brand: 'visa', last4: '1111' })]);
    expect(encrypted[0]!.encryptedCard).toEqual(result.encryptedCard);
  });

  it('reset while encrypting: no token, the emptied fields are reported', async () => {
    const el = await goodCard();
    const encrypted = record<unknown>(el, 'svc-encrypted');
    const pending = el.encrypt();
    el.reset();
    const result = await pending;
    expect(result.encryptedCard).toBeNull();
    expect(result.errors.map((e) => e.field)).toContain('number');
    expect(encrypted).toEqual([]);
  });
});

describe('hold(): still from submit to the answer', () => {
  it('fields read-only, aria-busy and the busy state from encrypt() until the held payment settles', async () => {
    const el = await goodCard();
    let answer!: (value: string) => void;
    const payment = new Promise<string>((resolve) => (answer = resolve));
    el.addEventListener('svc-encrypted', () => void el.hold(payment));
    const encrypting = el.encrypt();
    await el.updateComplete;
    expect(readOnly(el)).toEqual([true, true, true, true]);
    expect(group(el).getAttribute('aria-busy')).toBe('true');
    await encrypting;
    await el.updateComplete;
    // The token is out, the payment not answered: still read-only and busy.
    expect(readOnly(el)).toEqual([true, true, true, true]);
    expect(el.hasAttribute('data-state-busy')).toBe(true);
    answer('declined');
    await expect(el.hold(payment)).resolves.toBe('declined');
    await el.updateComplete;
    expect(readOnly(el)).toEqual([false, false, false, false]);
    expect(group(el).getAttribute('aria-busy')).toBe('false');
    expect(el.hasAttribute('data-state-busy')).toBe(false);
  });

  it('a failed payment (rejected promise) ends the hold too and is passed on', async () => {
    const el = await goodCard();
    await expect(el.hold(Promise.reject(new Error('network')))).rejects.toThrow('network');
    await el.updateComplete;
    expect(readOnly(el)).toEqual([false, false, false, false]);
  });
});

describe('the code typed before the number (defect 11)', () => {
  it('four digits, then a Visa number: the code error shows at once, and goes for Amex', async () => {
    const el = await mount();
    await type(el, 'securityCode', '1234');
    await type(el, 'number', '4111111111111111');
    expect(input(el, 'securityCode').getAttribute('aria-invalid')).toBe('true');
    expect(el.shadowRoot!.getElementById('securityCode-error')!.textContent).toBe('Use 3 dígitos.');
    await type(el, 'number', '378282246310005');
    expect(input(el, 'securityCode').getAttribute('aria-invalid')).toBe('false');
  });
});

describe('placeholders and enterkeyhint (defect 11)', () => {
  it('digits for the number and the code (the brand\'s length), the format for the expiry; next, then go', async () => {
    const el = await mount('<svc-card-form lang="en"></svc-card-form>');
    // In tab order (issue 27): the number first, the holder last.
    const attr = (name: string) => ['number', 'expiry', 'securityCode', 'holder'].map((id) => input(el, id).getAttribute(name));
    expect(attr('placeholder')).toEqual(['1234 1234 1234 1234', 'MM/YY', '123', null]);
    expect(attr('enterkeyhint')).toEqual(['next', 'next', 'next', 'go']);
    await type(el, 'number', '3782');
    expect(input(el, 'securityCode').getAttribute('placeholder')).toBe('1234');
    el.setAttribute('lang', 'pt-BR');
    await el.updateComplete;
    expect(input(el, 'expiry').getAttribute('placeholder')).toBe('MM/AA');
  });

  // Issue 27: the keyboard's "Go" on the code paid before the CPF was typed.
  it('with the holder\'s CPF field, the code says next and the CPF, the last field, says go', async () => {
    const el = await mount('<svc-card-form holder-document></svc-card-form>');
    const hints = ['holder', 'number', 'expiry', 'securityCode', 'holderDocument'].map((id) => input(el, id).getAttribute('enterkeyhint'));
    expect(hints).toEqual(['next', 'next', 'next', 'next', 'go']);
  });
});
