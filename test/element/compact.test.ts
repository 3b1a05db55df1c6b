// Issue 27, "Compact" and "Errors where the eye is", in happy-dom: the number first, a complete
// field moving on, and the page's message at a field (showError) until the shopper edits it.
// Geometry (side by side at 320 px, one line per field, Pay on the first screen) is measured in
// real browsers: e2e/element/compact-layout.spec.ts and e2e/demo/compact-checkout.spec.ts.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { SvcCardForm } from '../../src/element/index.js';
import { cardNumber, futureExpiry } from './card-numbers.js';
import { blur, input, mount, record, type } from './support/dom.js';

afterEach(() => {
  document.body.innerHTML = '';
});

const focused = (el: SvcCardForm) => el.shadowRoot!.activeElement?.id;

describe('compact order', () => {
  it('renders the number first, expiry and code next, then the holder; Enter says "go" on the holder', async () => {
    const el = await mount();
    expect([...el.shadowRoot!.querySelectorAll('input')].map((i) => i.id)).toEqual(['number', 'expiry', 'securityCode', 'holder']);
    expect(input(el, 'securityCode').getAttribute('enterkeyhint')).toBe('next');
    expect(input(el, 'holder').getAttribute('enterkeyhint')).toBe('go');
  });

  it('focus() without a field focuses the number, and the first bad field of an empty card is the number', async () => {
    const el = await mount();
    el.focus();
    expect(focused(el)).toBe('number');
    input(el, 'holder').focus();
    // encrypt() checks first (happy-dom has no ElementInternals for reportValidity() to use).
    expect((await el.encrypt()).hasErrors).toBe(true);
    expect(focused(el)).toBe('number');
  });
});

describe('the element guide says the same order', () => {
  // site/guide/element.md writes the Tab order twice (Accessibility, and frame mode's iframe) as
  // "… holder → number → …": the fields named there must come in the order they are rendered.
  const NAMES: Record<string, string> = { holder: 'holder', number: 'number', expiry: 'expiry', code: 'securityCode' };
  const guide = readFileSync('site/guide/element.md', 'utf8').replace(/\s+/g, ' ');
  const sentences = [...guide.matchAll(/Tab order[^.;]*?((?:[a-z ]+ → )+[a-z ]+)/g)].map((m) => m[1]!);

  it('every "Tab order" of site/guide/element.md lists the card fields as rendered', async () => {
    expect(sentences.length).toBe(2);
    const el = await mount();
    const rendered = [...el.shadowRoot!.querySelectorAll('input')].map((i) => i.id);
    for (const sentence of sentences) {
      const fields = sentence.split(' → ').map((word) => NAMES[word.trim()]).filter(Boolean);
      expect(fields, sentence).toEqual(rendered);
    }
  });
});

describe('a complete field moves on', () => {
  // Prefixes of brands whose numbers have 16 digits (Visa, Mastercard, Elo, Hipercard).
  const sixteen = fc.constantFrom('4', '51', '2221', '636297', '606282');

  it('a 16-digit number that passes Luhn, typed to its end, moves the focus to the expiry; one that fails stays', async () => {
    await fc.assert(fc.asyncProperty(sixteen, fc.stringMatching(/^\d{9}$/), fc.boolean(), async (prefix, body, good) => {
      const el = await mount();
      const number = cardNumber(prefix + body, 16);
      const typed = good ? number : number.slice(0, 15) + ((Number(number[15]) + 1) % 10);
      await type(el, 'number', typed);
      expect(focused(el)).toBe(good ? 'expiry' : 'number');
    }), { numRuns: 25 });
  });

  it('Amex moves on at its 15 digits; a 13-digit Visa that passes Luhn stays (a 16-digit one may be being typed)', async () => {
    const el = await mount();
    await type(el, 'number', cardNumber('4', 13));
    expect(focused(el)).toBe('number');
    await type(el, 'number', '378282246310005');
    expect(focused(el)).toBe('expiry');
  });

  it('an edit that is no insertion at the end does not move: a deletion, a digit changed in the middle, autofill', async () => {
    const el = await mount();
    await type(el, 'number', '4111111111111111', 'deleteContentBackward');
    expect(focused(el)).toBe('number');
    const field = input(el, 'number');
    field.focus();
    field.value = '4111 1111 1111 1111';
    field.setSelectionRange(3, 3);
    field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText' }));
    await el.updateComplete;
    expect(focused(el)).toBe('number');
    await type(el, 'number', '5555555555554444', 'insertReplacementText');
    expect(focused(el)).toBe('number');
  });

  it('a valid expiry moves to the CVV; month 13 or an incomplete one stays', async () => {
    const el = await mount();
    await type(el, 'expiry', '13');
    expect(focused(el)).toBe('expiry');
    await type(el, 'expiry', '12/3');
    expect(focused(el)).toBe('expiry');
    await type(el, 'expiry', futureExpiry());
    expect(focused(el)).toBe('securityCode');
  });

  it('a complete code does not move on (the holder is typed by choice, not by a jump)', async () => {
    const el = await mount();
    await type(el, 'securityCode', '123');
    expect(focused(el)).toBe('securityCode');
  });
});

describe('showError: the page\'s message at a field', () => {
  it('marks the field, shows the message in its described error line, focuses it, reports reason "refused", and leaves the live region alone (the focused field says it once)', async () => {
    const el = await mount();
    input(el, 'expiry').focus(); // the shopper elsewhere: the message takes the focus to its field
    const changes = record<{ errors: { field: string; reason: string; message: string }[] }>(el, 'svc-change');
    el.showError('number', 'Recusado: saldo insuficiente.');
    await el.updateComplete;
    const number = input(el, 'number');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(number.getAttribute('aria-describedby')).toBe('number-error');
    expect(el.shadowRoot!.getElementById('number-error')!.textContent).toBe('Recusado: saldo insuficiente.');
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).not.toContain('Recusado');
    expect(el.shadowRoot!.activeElement).toBe(number);
    expect(changes.at(-1)!.errors).toEqual([{ field: 'number', reason: 'refused', message: 'Recusado: saldo insuficiente.' }]);
  });

  it('goes with the shopper\'s next edit of that field, whatever the edit makes of it, and stays through edits of others', async () => {
    const el = await mount();
    await type(el, 'number', '5555555555554444');
    el.showError('number', 'Recusado pelo banco emissor.');
    await el.updateComplete;
    await type(el, 'holder', 'ANA');
    await blur(el, 'holder');
    expect(input(el, 'number').getAttribute('aria-invalid')).toBe('true');
    // A 16-digit Mastercard failing Luhn is "invalid" at once: the page's message still goes.
    await type(el, 'number', '5555555555554445');
    expect(el.shadowRoot!.getElementById('number-error')!.textContent).toBe('');
    expect(input(el, 'number').getAttribute('aria-invalid')).toBe('false');
  });

  it('stays when the shopper only leaves the field: a blur is no edit (the number was valid, and its blur cleared the decline)', async () => {
    const el = await mount();
    await type(el, 'number', '5555555555554444');
    el.showError('number', 'Recusado pelo banco emissor.');
    await el.updateComplete;
    await blur(el, 'number');
    await el.updateComplete;
    expect(input(el, 'number').getAttribute('aria-invalid')).toBe('true');
    expect(el.shadowRoot!.getElementById('number-error')!.textContent).toBe('Recusado pelo banco emissor.');
  });

  it('one message per field: a second field\'s message leaves the first one\'s as it was', async () => {
    const el = await mount();
    el.showError('number', 'Recusado pelo banco emissor.');
    el.showError('expiry', 'Cartão vencido.');
    await el.updateComplete;
    expect(el.shadowRoot!.getElementById('number-error')!.textContent).toBe('Recusado pelo banco emissor.');
    expect(el.shadowRoot!.getElementById('expiry-error')!.textContent).toBe('Cartão vencido.');
  });

  it('at the expiry, and reset() clears it', async () => {
    const el = await mount('<svc-card-form lang="en"></svc-card-form>');
    el.showError('expiry', 'Card expired.');
    await el.updateComplete;
    expect(input(el, 'expiry').getAttribute('aria-invalid')).toBe('true');
    el.reset();
    await el.updateComplete;
    expect(input(el, 'expiry').getAttribute('aria-invalid')).toBe('false');
  });
});
