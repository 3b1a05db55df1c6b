import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBrl, type InstallmentOption, installmentLabel, MAX_INSTALLMENTS, optionsForBrand, planCost, resolveInstallments, toCents } from '../../src/shared/installments.js';

// The labels separate the currency sign with a no-break space, as Intl does; compare with plain spaces.
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');
const options = (...args: Parameters<typeof resolveInstallments>) => resolveInstallments(...args) as InstallmentOption[];

describe('BRL amounts', () => {
  // formatBrl stands in for Intl.NumberFormat (whose first use costs a page 20-70 ms): Node's full ICU is the oracle.
  it('writes any whole number of cents exactly as Intl.NumberFormat does, in pt-BR and en', () => {
    fc.assert(fc.property(fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1e15 })), fc.constantFrom('pt-BR' as const, 'en' as const), (cents, lang) => {
      expect(formatBrl(cents, lang)).toBe(new Intl.NumberFormat(lang, { style: 'currency', currency: 'BRL' }).format(cents / 100));
    }), { numRuns: 2000 });
  });
});

describe('installment plans', () => {
  // Art. 52 of the consumer code: each option says whether it has interest and its total.
  it('labels the issue\'s examples in pt-BR and en, each with its interest and total', () => {
    const [one, three, twelve] = options([{ installment: 1 }, { installment: 3 }, { installment: 12, installmentAmount: 12.1, totalAmount: 145.2 }], 12990);
    expect([one, three, twelve].map((o) => plain(installmentLabel(o!, 'pt-BR')))).toEqual([
      '1x de R$ 129,90 sem juros, total R$ 129,90', '3x de R$ 43,30 sem juros, total R$ 129,90', '12x de R$ 12,10 com juros, total R$ 145,20',
    ]);
    expect(plain(installmentLabel(twelve!, 'en'))).toBe('12x R$12.10 with interest, total R$145.20');
  });

  it('sums the chosen plan up in a short line: its total and, with interest, how much of it is interest', () => {
    const [three, twelve] = options([{ installment: 3 }, { installment: 12, installmentAmount: 12.1, totalAmount: 145.2 }], 12990);
    expect(plain(planCost(twelve!, 12990, 'pt-BR'))).toBe('Total R$ 145,20 (juros R$ 15,30)');
    expect(plain(planCost(three!, 12990, 'pt-BR'))).toBe('Total R$ 129,90 sem juros');
    expect(plain(planCost(twelve!, 12990, 'en'))).toBe('Total R$145.20 (interest R$15.30)');
  });

  it('puts the rounding remainder on the first installment and says so', () => {
    const [four] = options([{ installment: 4 }], 12990);
    expect(four).toMatchObject({ installmentCents: 3247, firstCents: 3249, totalCents: 12990, interestFree: true });
    expect(plain(installmentLabel(four!, 'pt-BR'))).toBe('4x de R$ 32,47 (1ª de R$ 32,49) sem juros, total R$ 129,90');
  });

  it('turns a fee in percent into whole cents over the order', () => {
    const [withFee] = options([{ installment: 10, fee: 2.99 }], 10000);
    expect(withFee).toMatchObject({ totalCents: 10299, installmentCents: 1029, firstCents: 1038, interestFree: false });
  });

  it('keeps the parts summing to the total for any order and plan (integer cents)', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 10_000_000_00 }),
      fc.integer({ min: 1, max: MAX_INSTALLMENTS }),
      fc.option(fc.double({ min: 0, max: 50, noNaN: true }), { nil: undefined }),
      (orderCents, n, fee) => {
        const [option] = resolveInstallments([{ installment: n, fee }], orderCents);
        if (option instanceof Error) throw option;
        expect(Number.isSafeInteger(option!.installmentCents) && Number.isSafeInteger(option!.firstCents)).toBe(true);
        expect(option!.firstCents + option!.installmentCents * (n - 1)).toBe(option!.totalCents);
        expect(option!.firstCents - option!.installmentCents).toBeGreaterThanOrEqual(0);
        expect(option!.firstCents - option!.installmentCents).toBeLessThan(n);
        expect(option!.totalCents).toBeGreaterThanOrEqual(orderCents);
        expect(option!.interestFree).toBe(option!.totalCents === orderCents);
      },
    ));
  });

  it('reads reais as cents on the decimal text, not the binary float', () => {
    expect([toCents(1.005), toCents(129.9), toCents(0.1 + 0.2), toCents(145.2), toCents(1e-7)]).toEqual([101, 12990, 30, 14520, 0]);
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e13 }), (cents) => { expect(toCents(cents / 100)).toBe(cents); }));
  });

  it('refuses a bad plan with an error that names it, and keeps the good ones', () => {
    const results = resolveInstallments([{ installment: 0 }, { installment: 2, fee: -1 }, { installment: 13 }, { installment: 3, installmentAmount: 10, totalAmount: 129.9 }, { installment: 2 }], 12990);
    expect(results.slice(0, 4).map((r) => (r as Error).message)).toEqual([
      '"installments[0].installment" expected a whole number from 1 to 12, got 0',
      '"installments[1].fee" expected a number >= 0, got -1',
      '"installments[2].installment" expected a whole number from 1 to 12, got 13',
      '"installments[3].installmentAmount" times 3 does not make "totalAmount"',
    ]);
    expect(results[4]).toMatchObject({ installments: 2, totalCents: 12990 });
    expect((resolveInstallments([{ installment: 1 }], 12.5)[0] as Error).message).toBe('"amount" expected whole cents greater than 0, got 12.5');
  });

  it('offers a brand only the plans open to it', () => {
    const all = options([{ installment: 1 }, { installment: 6, brands: ['elo', 'visa'] }], 12990);
    expect(optionsForBrand(all, 'elo').map((o) => o.installments)).toEqual([1, 6]);
    expect(optionsForBrand(all, 'amex').map((o) => o.installments)).toEqual([1]);
    expect(optionsForBrand(all, null).map((o) => o.installments)).toEqual([1]);
  });
});
