// Rendering and events in happy-dom (no ElementInternals here: form
// association, validity and focus are covered in e2e/element in real browsers).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SvcCardForm } from '../../src/element/index.js';
import { blur, input, mount, record, type } from './support/dom.js';
import { FUTURE_YEAR, futureExpiry } from './card-numbers.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';

const publicKey = readSharedKey('rsa-2048-public.pem');

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('<svc-card-form> rendering', () => {
  it('registers once and renders four labelled inputs with autofill tokens and no name', async () => {
    const el = await mount();
    expect(customElements.get('svc-card-form')).toBe(el.constructor);
    const expected = { holder: 'cc-name', number: 'cc-number', expiry: 'cc-exp', securityCode: 'cc-csc' };
    for (const [id, token] of Object.entries(expected)) {
      const field = input(el, id);
      expect(field.getAttribute('autocomplete')).toBe(token);
      expect(field.hasAttribute('name')).toBe(false);
      expect(field.hasAttribute('value')).toBe(false);
      expect(field.hasAttribute('pattern')).toBe(false);
      const label = el.shadowRoot!.querySelector(`label[for="${id}"]`)!;
      expect(label.textContent!.trim()).not.toBe('');
      for (const describedBy of field.getAttribute('aria-describedby')!.split(' ')) {
        expect(el.shadowRoot!.getElementById(describedBy), describedBy).not.toBeNull();
      }
      expect(field.getAttribute('aria-invalid')).toBe('false');
    }
    for (const id of ['number', 'expiry', 'securityCode']) expect(input(el, id).getAttribute('inputmode')).toBe('numeric');
    expect(el.shadowRoot!.querySelector('[role="status"][aria-live="polite"]')).not.toBeNull();
    expect(el.shadowRoot!.querySelector('label[for="number"]')!.textContent).toBe('Número do cartão');
  });

  it('exposes parts for labels, inputs, icon and errors', async () => {
    const el = await mount();
    for (const part of ['label', 'input', 'error', 'icon', 'brand-name', 'group', 'status']) {
      expect(el.shadowRoot!.querySelector(`[part~="${part}"]`), part).not.toBeNull();
    }
  });

  it('speaks English with lang="en" and takes text overrides', async () => {
    const el = await mount('<svc-card-form lang="en"></svc-card-form>');
    expect(el.shadowRoot!.querySelector('label[for="number"]')!.textContent).toBe('Card number');
    el.strings = { numberLabel: 'Número do cartão de crédito' };
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('label[for="number"]')!.textContent).toBe('Número do cartão de crédito');
    el.setAttribute('lang', 'pt-BR');
    el.strings = {};
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('label[for="holder"]')!.textContent).toBe('Nome impresso no cartão');
  });
});

describe('<svc-card-form> typing help', () => {
  it('groups the number, detects the brand once, and the code\'s hint says Amex prints its 4 digits on the front', async () => {
    const el = await mount();
    const brands = record<{ brand: string; name: string }>(el, 'svc-brand');
    await type(el, 'number', '3');
    expect(brands).toEqual([]);
    await type(el, 'number', '3782822463100059');
    expect(input(el, 'number').value).toBe('3782 822463 10005');
    expect(brands).toEqual([{ brand: 'amex', name: 'American Express' }]);
    expect(el.shadowRoot!.querySelector('[part="brand-name"]')!.textContent).toBe('American Express');
    // Shoppers say CVV whatever the brand calls it (CID, CVE, CVC); the hint says where it is printed.
    expect(el.shadowRoot!.querySelector('label[for="securityCode"]')!.textContent).toBe('CVV');
    expect(el.shadowRoot!.querySelector('#securityCode-hint')!.textContent).toBe('Na frente');
    await type(el, 'securityCode', '12345');
    expect(input(el, 'securityCode').value).toBe('1234');
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).toContain('American Express');
  });

  it('normalises a pasted number with full-width digits, dashes and dots', async () => {
    const el = await mount();
    await type(el, 'number', '４１１１-1111.1111 1111', 'insertFromPaste');
    expect(input(el, 'number').value).toBe('4111 1111 1111 1111');
  });

  it('understands an expiry inserted without keystrokes', async () => {
    const el = await mount();
    await type(el, 'expiry', `${FUTURE_YEAR}-03`, 'insertReplacementText');
    expect(input(el, 'expiry').value).toBe(futureExpiry());
    await type(el, 'expiry', `03 / ${FUTURE_YEAR}`, '');
    expect(input(el, 'expiry').value).toBe(futureExpiry());
  });

  // Issue 27: month 13 was accepted until submit. A month no digit can fix is said as typed.
  it('says a month out of 01-12 as it is typed, and clears it with the edit that fixes it', async () => {
    const el = await mount();
    await type(el, 'expiry', '1');
    expect(input(el, 'expiry').getAttribute('aria-invalid')).toBe('false');
    await type(el, 'expiry', '13');
    expect(input(el, 'expiry').getAttribute('aria-invalid')).toBe('true');
    expect(el.shadowRoot!.getElementById('expiry-error')!.textContent).toBe('Use MM/AA.');
    await type(el, 'expiry', '1', 'deleteContentBackward');
    expect(input(el, 'expiry').getAttribute('aria-invalid')).toBe('false');
    expect(el.shadowRoot!.getElementById('expiry-error')!.textContent).toBe('');
    await type(el, 'expiry', '00');
    expect(input(el, 'expiry').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows no error while typing, the error on blur, and clears it once fixed', async () => {
    const el = await mount();
    const changes = record<{ complete: boolean; brand: string; errors: { field: string; reason: string }[] }>(el, 'svc-change');
    await type(el, 'number', '4111111111111112');
    expect(input(el, 'number').getAttribute('aria-invalid')).toBe('false');
    expect(changes.at(-1)!.errors).toEqual([]);
    await blur(el, 'number');
    expect(input(el, 'number').getAttribute('aria-invalid')).toBe('true');
    expect(el.shadowRoot!.getElementById('number-error')!.textContent).toBe('Confira o número do cartão.');
    expect(changes.at(-1)!.errors.map((e) => [e.field, e.reason])).toEqual([['number', 'invalid']]);
    expect(changes.at(-1)!.brand).toBe('visa');
    await type(el, 'number', '4111111111111111');
    expect(input(el, 'number').getAttribute('aria-invalid')).toBe('false');
    expect(el.shadowRoot!.getElementById('number-error')!.textContent).toBe('');
  });

  it('does not flag an empty field the customer only tabbed through', async () => {
    const el = await mount();
    await blur(el, 'holder');
    expect(input(el, 'holder').getAttribute('aria-invalid')).toBe('false');
  });

  // Found by a CI run: the frame's holder lost its "required" error when a late blur reached it
  // after submit had focused it. A person clicking away from the focused empty field does the same.
  it('keeps the "required" error a submit showed when the empty field then loses focus', async () => {
    const el = await mount();
    el.publicKey = publicKey;
    await el.encrypt();
    await el.updateComplete;
    expect(input(el, 'holder').getAttribute('aria-invalid')).toBe('true');
    await blur(el, 'holder');
    expect(input(el, 'holder').getAttribute('aria-invalid')).toBe('true');
    expect(el.shadowRoot!.getElementById('holder-error')!.textContent).not.toBe('');
  });

  it('reports complete only when every field is valid, and reset clears all', async () => {
    const el = await mount();
    const changes = record<{ complete: boolean }>(el, 'svc-change');
    await type(el, 'holder', 'MARIA DA SILVA');
    await type(el, 'number', '5555555555554444');
    await type(el, 'expiry', futureExpiry('12').replace('/', ''));
    expect(changes.at(-1)!.complete).toBe(false);
    await type(el, 'securityCode', '123');
    expect(changes.at(-1)!.complete).toBe(true);
    el.reset();
    await el.updateComplete;
    expect(changes.at(-1)!.complete).toBe(false);
    for (const id of ['holder', 'number', 'expiry', 'securityCode']) expect(input(el, id).value).toBe('');
    expect(el.shadowRoot!.querySelector('[part="brand-name"]')!.textContent).toBe('');
  });

  it('refuses brands outside accepted-brands (space or comma separated)', async () => {
    const el = await mount('<svc-card-form accepted-brands="elo, visa hipercard"></svc-card-form>');
    expect(el.acceptedBrands).toEqual(['elo', 'visa', 'hipercard']);
    await type(el, 'number', '5555555555554444');
    await blur(el, 'number');
    expect(el.shadowRoot!.getElementById('number-error')!.textContent).toBe('Não aceitamos Mastercard.');
    await type(el, 'number', '4111111111111111');
    expect(el.shadowRoot!.getElementById('number-error')!.textContent).toBe('');
  });

  it('falls back to data-state attributes without ElementInternals', async () => {
    const el = await mount();
    await type(el, 'number', '4111111111111112');
    await blur(el, 'number');
    expect(el.hasAttribute('data-state-invalid')).toBe(true);
    expect(el.hasAttribute('data-state-complete')).toBe(false);
    await type(el, 'number', '4111111111111111');
    expect(el.hasAttribute('data-state-invalid')).toBe(false);
  });

  it('disables every input', async () => {
    const el = await mount('<svc-card-form disabled></svc-card-form>');
    for (const id of ['holder', 'number', 'expiry', 'securityCode']) expect(input(el, id).disabled).toBe(true);
  });
});

describe('<svc-card-form> encrypt()', () => {
  it('refuses a bad card before encrypting, focusing the first bad field', async () => {
    const el = await mount();
    el.publicKey = publicKey;
    const errors = record<{ code: string }>(el, 'svc-error');
    await type(el, 'holder', 'ANA');
    await type(el, 'number', '4111111111111112');
    const result = await el.encrypt();
    expect(result.hasErrors).toBe(true);
    expect(result.errors.map((e) => e.code)).toEqual(['INVALID_NUMBER', 'INVALID_EXPIRATION_MONTH', 'INVALID_SECURITY_CODE']);
    expect(errors).toEqual([expect.objectContaining({ code: 'INVALID_CARD' })]);
    expect(el.shadowRoot!.activeElement).toBe(input(el, 'number'));
    expect(el.shadowRoot!.getElementById('expiry-error')!.textContent).toBe('Informe a data.');
  });

  it('encrypts a good card and reports brand and last4 only', async () => {
    const el = await mount();
    el.publicKey = publicKey;
    el.keyId = 'k-2026';
    const encrypted = record<{ encryptedCard: Record<string, string>; brand: string; last4: string }>(el, 'svc-encrypted');
    await type(el, 'holder', 'MARIA DA SILVA');
    await type(el, 'number', '6362970000457013');
    await type(el, 'expiry', `03/${FUTURE_YEAR}`);
    await type(el, 'securityCode', '123');
    const result = await el.encrypt();
    expect(result.hasErrors).toBe(false);
    expect(encrypted).toHaveLength(1);
    expect(encrypted[0]!.brand).toBe('elo');
    expect(encrypted[0]!.last4).toBe('7013');
    expect(encrypted[0]!.encryptedCard).toEqual(result.encryptedCard);
    expect(result.encryptedCard!.keyId).toBe('k-2026');
    expect(JSON.stringify(encrypted)).not.toMatch(/6362970000457013|"123"|MARIA/);
  });

  it('reports a bad public key as svc-error INVALID_PUBLIC_KEY', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const el = await mount();
    el.publicKey = 'not a key';
    const errors = record<{ code: string }>(el, 'svc-error');
    await type(el, 'holder', 'ANA');
    await type(el, 'number', '4111111111111111');
    await type(el, 'expiry', futureExpiry());
    await type(el, 'securityCode', '123');
    const result = await el.encrypt();
    expect(result.errors.map((e) => e.code)).toEqual(['INVALID_PUBLIC_KEY']);
    // Once when the key was set (the setup check), once when paying.
    expect(errors.map((e) => e.code)).toEqual(['INVALID_PUBLIC_KEY', 'INVALID_PUBLIC_KEY']);
  });
});
