import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choiceLabel, formatBrl, type InstallmentOption, installmentLabel, MAX_INSTALLMENTS, optionsForBrand, planCost, resolveInstallments, toCents } from '../../src/shared/installments.js';
import { planRates, plansWithRates } from '../../src/shared/plan-rates.js';

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
  // Art. 52 of the consumer code: each option says whether it has interest, its total and, with interest, the rates (issue 39).
  // The rates come with the plans, computed on the server (plansWithRates): the element only writes them.
  it('labels the issue\'s examples in pt-BR and en, each with its interest and total, and with interest the server\'s monthly rate and CET', () => {
    const plans = plansWithRates([{ installment: 1 }, { installment: 3 }, { installment: 12, installmentAmount: 12.1, totalAmount: 145.2 }], 12990);
    expect(plans[2]).toEqual({ installment: 12, installmentAmount: 12.1, totalAmount: 145.2, monthlyRate: 1.76, cet: 23.23 });
    const [one, three, twelve] = options(plans, 12990);
    expect([one, three, twelve].map((o) => plain(installmentLabel(o!, 'pt-BR')))).toEqual([
      '1x de R$ 129,90 sem juros, total R$ 129,90', '3x de R$ 43,30 sem juros, total R$ 129,90',
      '12x de R$ 12,10 com juros, total R$ 145,20, 1,76% a.m., CET 23,23% a.a.',
    ]);
    expect(plain(installmentLabel(twelve!, 'en'))).toBe('12x R$12.10 with interest, total R$145.20, 1.76% a month, CET 23.23% a year');
    // The chosen option is the installments alone: "1x de R$ 129,90 sem juros" was wider than Firefox's select at 320 px.
    expect([one, three, twelve].map((o) => plain(choiceLabel(o!, 'pt-BR')))).toEqual(['1x de R$ 129,90', '3x de R$ 43,30', '12x de R$ 12,10']);
    // Without the server's rates a plan with interest says its total and interest only; the rates as given, in the language's way.
    expect(plain(installmentLabel(options([{ installment: 12, installmentAmount: 12.1 }], 12990)[0]!, 'pt-BR'))).toBe('12x de R$ 12,10 com juros, total R$ 145,20');
    expect(plain(installmentLabel(options([{ installment: 2, totalAmount: 100000, monthlyRate: 99.5, cet: 1234.5 }], 100)[0]!, 'pt-BR')))
      .toBe('2x de R$ 50.000,00 com juros, total R$ 100.000,00, 99,50% a.m., CET 1.234,50% a.a.');
  });

  it('refuses rates that are no number >= 0, naming the member', () => {
    expect(resolveInstallments([{ installment: 12, fee: 10, monthlyRate: -1, cet: 2 }], 12990)[0]).toMatchObject({ message: '"installments[0].monthlyRate" expected a number >= 0, got -1' });
    expect(resolveInstallments([{ installment: 12, fee: 10, cet: '23,23' as unknown as number }], 12990)[0]).toMatchObject({ message: '"installments[0].cet" expected a number >= 0, got 23,23' });
  });

  it('sums the chosen plan up under the select: its total, interest, first installment when it differs and the rates', () => {
    const [three, twelve, four] = options(plansWithRates([{ installment: 3 }, { installment: 12, installmentAmount: 12.1, totalAmount: 145.2 }, { installment: 4 }], 12990), 12990);
    expect(plain(planCost(twelve!, 'pt-BR'))).toBe('Total R$ 145,20 com juros · 1,76% a.m. · CET 23,23% a.a.');
    expect(plain(planCost(three!, 'pt-BR'))).toBe('Total R$ 129,90 sem juros');
    expect(plain(planCost(four!, 'pt-BR'))).toBe('Total R$ 129,90 (1ª de R$ 32,49) sem juros');
    expect(plain(planCost(twelve!, 'en'))).toBe('Total R$145.20 with interest · 1.76% a month · CET 23.23% a year');
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

// The monthly rate i makes the payments (a month apart, the first a month after the purchase) worth the
// order today; the CET is (1 + i)^12 - 1. Both in hundredths of a percent, rounded half up on the exact value.
describe('monthly rate and CET', () => {
  it('has none for an interest-free plan; a 1x plan\'s rate is its interest, its CET that over twelve months', () => {
    expect(planRates(options([{ installment: 3 }], 12990)[0]!, 12990)).toBeUndefined();
    // 1.5% exactly: 1.015^12 - 1 = 19.5618...%
    expect(planRates(options([{ installment: 1, totalAmount: 101.5 }], 10000)[0]!, 10000)).toEqual({ monthly: 150, cet: 1956 });
  });

  it('rounds a rate exactly half way up: 1 cent on R$ 200,00 is 0,005% a month, told 0,01%', () => {
    // As floats 1/20000 is 4.9999...e-5 or 5.0000...1e-5 depending on the steps; the comparison of whole numbers is exact.
    expect(planRates(options([{ installment: 1, totalAmount: 200.01 }], 20000)[0]!, 20000)).toMatchObject({ monthly: 1 });
    expect(planRates(options([{ installment: 1, totalAmount: 100.01 }], 10000)[0]!, 10000)).toMatchObject({ monthly: 1 });
  });

  it('agrees with a floating-point solution (Newton\'s method) wherever that is not within its error of a rounding step', () => {
    const newton = (option: InstallmentOption, order: number) => {
      let i = (option.totalCents / order - 1) / option.installments;
      for (let step = 0; step < 200; step++) {
        let value = -order;
        let slope = 0;
        for (let k = 1; k <= option.installments; k++) {
          const pay = k === 1 ? option.firstCents : option.installmentCents;
          value += pay / (1 + i) ** k;
          slope -= (k * pay) / (1 + i) ** (k + 1);
        }
        i -= value / slope;
      }
      return i;
    };
    const rounded = (x: number) => (Math.abs(x * 1e4 - Math.round(x * 1e4)) > 0.499 ? undefined : Math.round(x * 1e4));
    fc.assert(fc.property(
      fc.integer({ min: 100, max: 10_000_000 }), fc.integer({ min: 1, max: MAX_INSTALLMENTS }), fc.integer({ min: 1, max: 6000 }),
      (orderCents, n, feeHundredths) => {
        const option = options([{ installment: n, fee: feeHundredths / 100 }], orderCents)[0]!;
        const rates = planRates(option, orderCents);
        if (option.interestFree) {
          expect(rates).toBeUndefined();
          return;
        }
        const i = newton(option, orderCents);
        const [monthly, cet] = [rounded(i), rounded((1 + i) ** 12 - 1)];
        if (monthly !== undefined) expect(rates!.monthly).toBe(monthly);
        if (cet !== undefined) expect(rates!.cet).toBe(cet);
        // A dearer plan (one more cent over the same months) never has a lower rate.
        const dearer = options([{ installment: n, totalAmount: (option.totalCents + n) / 100 }], orderCents)[0]!;
        expect(planRates(dearer, orderCents)!.monthly).toBeGreaterThanOrEqual(rates!.monthly);
      },
    ), { numRuns: 300 });
  });
});
