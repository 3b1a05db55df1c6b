// Issue 11's extras on the inline element (happy-dom): the "Parcelas" control (plans, labels,
// brand filtering, bad plans), the holder's CPF/CNPJ field (formatting, check digits, errors on
// blur and submit) and what goes out with the token (svc-encrypted's detail; the form entries
// are formValue's, below: happy-dom has no ElementInternals).
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SvcCardForm } from '../../src/element/index.js';
import { formValue } from '../../src/shared/form-value.js';
import { installmentLabel, MAX_INSTALLMENTS, resolveInstallments, type InstallmentOption, type InstallmentPlan } from '../../src/shared/installments.js';
import { createDecryptor } from '../../src/server/index.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { futureExpiry } from './card-numbers.js';
import { blur, input, mount, record, type } from './support/dom.js';

const publicKey = readSharedKey('rsa-2048-public.pem');
const ELO = '6362970000457013';
const VISA = '4111111111111111';
// As a merchant's server gives them: the 12x plan with its monthly rate and CET (plansWithRates).
const PLANS: InstallmentPlan[] = [{ installment: 1 }, { installment: 3 }, { installment: 6, brands: ['visa'] }, { installment: 12, installmentAmount: 12.1, totalAmount: 145.2, monthlyRate: 1.76, cet: 23.23 }];
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');
const select = (el: SvcCardForm) => el.shadowRoot!.getElementById('installments') as HTMLSelectElement | null;
const labels = (el: SvcCardForm) => [...select(el)!.options].map((o) => plain(o.textContent!));
const error = (el: SvcCardForm, id: string) => el.shadowRoot!.getElementById(`${id}-error`)!.textContent;

async function choose(el: SvcCardForm, installments: number): Promise<void> {
  select(el)!.value = String(installments);
  select(el)!.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}

async function typeCard(el: SvcCardForm): Promise<void> {
  await type(el, 'holder', 'MARIA DA SILVA');
  await type(el, 'number', ELO);
  await type(el, 'expiry', futureExpiry());
  await type(el, 'securityCode', '123');
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('"Parcelas"', () => {
  it('is not there without plans', async () => {
    const el = await mount('<svc-card-form amount="12990"></svc-card-form>');
    expect(select(el)).toBeNull();
  });

  it('offers the plans from the attribute\'s JSON, labelled and in cents, 1x chosen', async () => {
    const el = await mount(`<svc-card-form amount="12990" installments='${JSON.stringify(PLANS)}'></svc-card-form>`);
    expect(el.shadowRoot!.querySelector('label[for="installments"]')!.textContent).toBe('Parcelas');
    // The visa-only plan waits for a Visa number. The chosen option says the installments only, as the closed select
    // shows it (a whole label was cut at 320 and 390 px: issue 39); the others are whole, with interest their rates.
    expect(labels(el)).toEqual(['1x de R$ 129,90', '3x de R$ 43,30 sem juros, total R$ 129,90', '12x de R$ 12,10 com juros, total R$ 145,20, 1,76% a.m., CET 23,23% a.a.']);
    expect(select(el)!.value).toBe('1');
    el.setAttribute('lang', 'en');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('label[for="installments"]')!.textContent).toBe('Installments');
    expect(labels(el)[1]).toBe('3x R$43.30 interest-free, total R$129.90');
  });

  it('defaults to the smallest plan offered when 1x is not', async () => {
    const el = await mount();
    el.amount = 10000;
    el.installments = [{ installment: 6 }, { installment: 2 }];
    await el.updateComplete;
    expect(select(el)!.value).toBe('2');
  });

  it('follows the brand and keeps a valid choice when the brand changes', async () => {
    const el = await mount();
    el.installments = PLANS;
    el.amount = 12990;
    await el.updateComplete;
    await type(el, 'number', VISA);
    expect(labels(el).map((l) => l.split(' ')[0])).toEqual(['1x', '3x', '6x', '12x']);
    await choose(el, 6);
    expect(select(el)!.value).toBe('6');
    await type(el, 'number', ELO); // no 6x for Elo: back to the smallest offered
    expect(labels(el).map((l) => l.split(' ')[0])).toEqual(['1x', '3x', '12x']);
    expect(select(el)!.value).toBe('1');
    await choose(el, 3);
    await type(el, 'number', VISA); // 3x is offered to Visa too: kept
    expect(select(el)!.value).toBe('3');
  });

  it('a choice is an edit: one made while encrypting goes out with the token; reset() brings back the default', async () => {
    const el = await mount('<svc-card-form amount="12990"></svc-card-form>');
    el.publicKey = publicKey;
    el.installments = PLANS;
    await el.updateComplete;
    await typeCard(el);
    const encrypted = record<{ installments?: number }>(el, 'svc-encrypted');
    const pending = el.encrypt();
    await choose(el, 3);
    expect((await pending).hasErrors).toBe(false);
    expect(encrypted.map((detail) => detail.installments)).toEqual([3]);
    el.reset();
    await el.updateComplete;
    expect(select(el)!.value).toBe('1');
  });

  it('tells the page the chosen plan in svc-change (for its total and Pay button) and sums it up under the select', async () => {
    const el = await mount('<svc-card-form amount="12990"></svc-card-form>');
    el.installments = PLANS;
    await el.updateComplete;
    const changes = record<{ plan?: unknown }>(el, 'svc-change');
    const hint = () => plain(el.shadowRoot!.getElementById('installments-hint')!.textContent!);
    expect(hint()).toBe('Total R$ 129,90 sem juros');
    expect(select(el)!.getAttribute('aria-describedby')).toBe('installments-hint');
    await choose(el, 12);
    expect(changes.at(-1)!.plan).toEqual({ installments: 12, installmentCents: 1210, firstCents: 1210, totalCents: 14520, interestFree: false, monthlyRate: 1.76, cet: 23.23 });
    expect(hint()).toBe('Total R$ 145,20 com juros · 1,76% a.m. · CET 23,23% a.a.');
    expect(labels(el)).toEqual(['1x de R$ 129,90 sem juros, total R$ 129,90', '3x de R$ 43,30 sem juros, total R$ 129,90', '12x de R$ 12,10']);
    await type(el, 'number', VISA);
    await choose(el, 6);
    expect(changes.at(-1)!.plan).toMatchObject({ installments: 6, totalCents: 12990, brands: ['visa'] });
    await type(el, 'number', ELO); // no 6x for Elo: the plan the select falls back to is told
    expect(changes.at(-1)!.plan).toMatchObject({ installments: 1, totalCents: 12990 });
    const without = await mount();
    const plain_ = record<Record<string, unknown>>(without, 'svc-change');
    await type(without, 'number', VISA);
    expect(plain_.at(-1)!.plan).toBeUndefined();
  });

  it('names the bad member in svc-error and shows no control; no console, no throw', async () => {
    const warn = vi.spyOn(console, 'warn');
    const el = await mount();
    const seen = record<{ code: string; message: string }>(el, 'svc-error');
    // No public-key here: its own svc-error comes when the key check ends, so only the plans' count.
    const errors = () => seen.filter((error) => error.code === 'INVALID_INSTALLMENTS');
    el.installments = [{ installment: 3 }, { installment: 2, fee: -1 }];
    el.amount = 12990;
    await el.updateComplete;
    expect(errors()).toEqual([expect.objectContaining({ code: 'INVALID_INSTALLMENTS',
      message: '<svc-card-form> installments: "installments[1].fee" expected a number >= 0, got -1' })]);
    expect(select(el)).toBeNull();
    el.amount = 12.5;
    el.installments = [{ installment: 3 }];
    await el.updateComplete;
    expect(errors()[1]!.message).toBe('<svc-card-form> installments: "amount" expected whole cents greater than 0, got 12.5');
    el.setAttribute('installments', '[{installment: 3}');
    await el.updateComplete;
    expect(errors()[2]!.message).toBe('<svc-card-form> installments: expected a JSON list of up to 24 plans');
    el.amount = 12990;
    el.installments = [{ installment: 3, brands: 'visa' as never }];
    await el.updateComplete;
    expect(errors()[3]!.message).toMatch(/"installments\[0\]\.brands" expected a list of brand ids/);
    expect(select(el)).toBeNull();
    // The only console line is the key check's (no public-key here), never the plans'.
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/installments|amount/);
  });
});

describe('labels', () => {
  // The cents a label states: every R$ amount in it.
  const amounts = (label: string) => [...plain(label).matchAll(/R\$ ([\d.]+),(\d\d)/g)].map((m) => Number(m[1]!.replace(/\./g, '') + m[2]));

  it('state amounts whose parts make the total, for any order and plan', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 1, max: MAX_INSTALLMENTS }),
      fc.option(fc.integer({ min: 0, max: 5000 }).map((hundredths) => hundredths / 100), { nil: undefined }),
      (orderCents, n, fee) => {
        const option = resolveInstallments([{ installment: n, fee }], orderCents)[0] as InstallmentOption;
        const label = installmentLabel(option, 'pt-BR');
        const [each, ...rest] = amounts(label);
        const first = option.firstCents !== each ? rest.shift()! : each!;
        const total = rest.shift()!;
        expect(label.startsWith(`${n}x de R$`)).toBe(true);
        expect(first + each! * (n - 1)).toBe(total);
        expect(total).toBe(option.totalCents);
        expect(label.includes(' sem juros, total ')).toBe(option.interestFree);
        expect(label.includes(' com juros, total ')).toBe(!option.interestFree);
      },
    ));
  });
});

describe('holder document', () => {
  it('is off by default; holder-document shows a labelled numeric field', async () => {
    expect(input(await mount(), 'holderDocument')).toBeNull();
    const el = await mount('<svc-card-form holder-document></svc-card-form>');
    const field = input(el, 'holderDocument');
    expect(el.holderDocument).toBe(true);
    expect(el.shadowRoot!.querySelector('label[for="holderDocument"]')!.textContent).toBe('CPF ou CNPJ do titular');
    expect([field.getAttribute('inputmode'), field.getAttribute('autocomplete'), field.hasAttribute('name')]).toEqual(['numeric', 'off', false]);
    expect(field.getAttribute('aria-describedby')).toBe('holderDocument-error');
  });

  it('formats a CPF and a CNPJ while typing', async () => {
    const el = await mount('<svc-card-form holder-document></svc-card-form>');
    await type(el, 'holderDocument', '529982247');
    expect(input(el, 'holderDocument').value).toBe('529.982.247');
    await type(el, 'holderDocument', '52998224725');
    expect(input(el, 'holderDocument').value).toBe('529.982.247-25');
    await type(el, 'holderDocument', '11.222.333/0001-81x99', 'insertFromPaste');
    expect(input(el, 'holderDocument').value).toBe('11.222.333/0001-81');
  });

  it('shows errors on blur (wrong check digit, repeated digits, incomplete) and clears them when fixed', async () => {
    const el = await mount('<svc-card-form holder-document></svc-card-form>');
    for (const [typed, message] of [
      ['52998224724', 'CPF ou CNPJ inválido.'], ['111.111.111-11', 'CPF ou CNPJ inválido.'],
      ['11222333000180', 'CPF ou CNPJ inválido.'], ['5299822', 'CPF ou CNPJ incompleto.'],
    ]) {
      await type(el, 'holderDocument', typed!);
      await blur(el, 'holderDocument');
      expect([typed, error(el, 'holderDocument')]).toEqual([typed, message]);
      expect(input(el, 'holderDocument').getAttribute('aria-invalid')).toBe('true');
    }
    await type(el, 'holderDocument', '52998224725');
    expect(error(el, 'holderDocument')).toBe('');
    el.setAttribute('lang', 'en');
    await type(el, 'holderDocument', '00000000000');
    await blur(el, 'holderDocument');
    expect(error(el, 'holderDocument')).toBe('Invalid CPF or CNPJ.');
  });

  it('stops encrypt() like a card field (required), in the core\'s error shape', async () => {
    const el = await mount('<svc-card-form holder-document></svc-card-form>');
    el.publicKey = publicKey;
    await typeCard(el);
    const result = await el.encrypt();
    expect(result.errors).toEqual([{ code: 'INVALID_HOLDER_DOCUMENT', field: 'holderDocument', message: 'Informe o CPF ou CNPJ.' }]);
    expect(el.shadowRoot!.activeElement).toBe(input(el, 'holderDocument'));
  });
});

describe('what goes out with the token', () => {
  it('svc-encrypted carries the installments chosen and the document; the token does not hold the document', async () => {
    const el = await mount('<svc-card-form holder-document amount="12990"></svc-card-form>');
    el.publicKey = publicKey;
    el.installments = PLANS;
    const encrypted = record<Record<string, unknown>>(el, 'svc-encrypted');
    await typeCard(el);
    await type(el, 'holderDocument', '52998224725');
    await choose(el, 3);
    const result = await el.encrypt();
    expect(encrypted).toEqual([{ encryptedCard: result.encryptedCard, brand: 'elo', last4: '7013', installments: 3, holderDocument: '52998224725' }]);
    const decryptor = await createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') } });
    const card = await decryptor.decrypt(result.encryptedCard);
    expect(JSON.stringify(card)).not.toContain('52998224725');
    expect(Object.keys(card.paymentProfile).sort()).toEqual(['cardCvv', 'cardExpiration', 'cardNumber', 'holderName']);
  });

  it('without plans or the field, the detail is as before', async () => {
    const el = await mount();
    el.publicKey = publicKey;
    const encrypted = record<Record<string, unknown>>(el, 'svc-encrypted');
    await typeCard(el);
    await el.encrypt();
    expect(Object.keys(encrypted[0]!)).toEqual(['encryptedCard', 'brand', 'last4']);
  });
});

describe('formValue', () => {
  const token = { keyId: 'v1', encryptedKey: 'A', iv: 'B', ciphertext: 'C', authTag: 'D' };

  it('is the token JSON alone without extras or without a name', () => {
    expect(formValue('card', token, {})).toBe(JSON.stringify(token));
    expect(formValue(null, token, { installments: 3 })).toBe(JSON.stringify(token));
  });

  it('is a FormData of <name>, <name>.installments and <name>.holderDocument with extras', () => {
    const value = formValue('card', token, { installments: 3, holderDocument: '52998224725' }) as FormData;
    expect([...value.entries()]).toEqual([['card', JSON.stringify(token)], ['card.installments', '3'], ['card.holderDocument', '52998224725']]);
    expect([...(formValue('pay', token, { holderDocument: '11222333000181' }) as FormData).keys()]).toEqual(['pay', 'pay.holderDocument']);
  });
});
