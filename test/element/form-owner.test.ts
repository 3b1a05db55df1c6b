// The form-owner logic on its own (happy-dom has no ElementInternals, so the element's
// formAssociatedCallback never runs here): hosts are plain elements, the form a real one.
import { afterEach, describe, expect, it } from 'vitest';
import type { EncryptCardResult, EncryptedCard } from '../../src/core/index.js';
import { createFormOwner } from '../../src/shared/form-owner.js';

afterEach(() => {
  document.body.innerHTML = '';
});

const token = (keyId: string): EncryptedCard => ({ keyId, encryptedKey: 'a', iv: 'b', ciphertext: 'c', authTag: 'd' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('form owner', () => {
  it('two card elements in one form: each encrypts once and the page sees one submit (defect 10)', async () => {
    document.body.innerHTML = '<form><button type="submit">Pay</button></form>';
    const form = document.querySelector('form')!;
    const calls = { a: 0, b: 0 };
    const owner = (name: 'a' | 'b') => {
      const host = document.createElement('div');
      form.prepend(host);
      // Each encrypt() answers a token; a loop between the two is cut after 5 rounds.
      const encrypt = async (): Promise<EncryptCardResult> => ++calls[name] > 5
        ? { hasErrors: true, errors: [], encryptedCard: null }
        : { hasErrors: false, errors: [], encryptedCard: token(name) };
      const formOwner = createFormOwner(host, { blocked: () => false, encrypt, showErrors: () => {}, busyChanged: () => {} });
      formOwner.watch(form);
      return formOwner;
    };
    owner('a');
    owner('b');
    let submits = 0;
    form.addEventListener('submit', (event) => {
      submits++;
      event.preventDefault();
    });
    form.querySelector('button')!.click();
    await settle();
    await settle();
    expect(calls).toEqual({ a: 1, b: 1 });
    expect(submits).toBe(1);
  });

  it('a submit while the card is held (encrypting, paying) is dropped: one payment per double click', async () => {
    document.body.innerHTML = '<form><button type="submit">Pay</button></form>';
    const form = document.querySelector('form')!;
    const busy: boolean[] = [];
    let encrypts = 0;
    const owner = createFormOwner(document.createElement('div'), {
      blocked: () => false,
      encrypt: async () => ({ hasErrors: false, errors: [], encryptedCard: token(String(++encrypts)) }),
      showErrors: () => {},
      busyChanged: (on) => busy.push(on),
    });
    owner.watch(form);
    let answer!: () => void;
    let submits = 0;
    // The page pays in its submit listener and holds the card until the answer.
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submits++;
      void owner.hold(new Promise<void>((resolve) => (answer = resolve)));
    });
    form.querySelector('button')!.click();
    await settle();
    form.querySelector('button')!.click(); // while paying
    await settle();
    expect([encrypts, submits, owner.busy]).toEqual([1, 1, true]);
    answer();
    await settle();
    expect(owner.busy).toBe(false);
    expect(busy).toEqual([true, false]); // one hold from submit to the answer, never a gap
  });

  it('a disabled card element lets the submit through untouched', async () => {
    document.body.innerHTML = '<form><button type="submit">Pay</button></form>';
    const form = document.querySelector('form')!;
    let encrypts = 0;
    createFormOwner(document.createElement('div'), {
      blocked: () => true,
      encrypt: async () => ({ hasErrors: false, errors: [], encryptedCard: token(String(++encrypts)) }),
      showErrors: () => {},
      busyChanged: () => {},
    }).watch(form);
    let submits = 0;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submits++;
    });
    form.querySelector('button')!.click();
    await settle();
    expect([encrypts, submits]).toEqual([0, 1]);
  });
});
