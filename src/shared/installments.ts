// "Parcelas": the installment plans a merchant offers, in the shape of the API
// reference's product `charge.paymentMethod[].installments` entries (2.1), turned into
// integer cents and the labels a Brazilian shopper expects ("3x de R$ 43,30 sem juros").
// Amounts are never added or divided as floats: reais become cents once, at the edge.

import { MAX_INSTALLMENTS } from '../internal/card-rules.js';
import type { BrandId } from './brands.js';

/**
 * One plan, as the reference's entry: `installment` (the number of installments) and the
 * optional `fee`, `installmentAmount` and `totalAmount`, amounts in reais like the
 * reference's product amounts. `brands` (ours) limits the plan to some brands.
 */
export interface InstallmentPlan {
  installment: number;
  /** Interest over the whole plan, in percent of the order amount (decision: the reference does not say). */
  fee?: number;
  installmentAmount?: number;
  totalAmount?: number;
  brands?: readonly BrandId[];
}

/** A plan resolved against the order amount: what the shopper pays, in cents. */
export interface InstallmentOption {
  installments: number;
  /** Every installment but the first; the first carries the rounding remainder. */
  installmentCents: number;
  firstCents: number;
  totalCents: number;
  interestFree: boolean;
  brands?: readonly BrandId[];
}

/** The most installments a plan may have: the project's one rule (internal/card-rules.ts), which the sandbox applies too. */
export { MAX_INSTALLMENTS };

/**
 * Reais (a decimal number) as integer cents, rounded half up on the decimal text, so
 * `1.005` is 101 cents rather than the binary float's 100.
 *
 * @example
 * toCents(129.9); // 12990
 */
export function toCents(reais: number): number {
  const [mantissa, exponent = '0'] = String(reais).split('e') as [string, string?];
  return Math.round(Number(`${mantissa}e${Number(exponent) + 2}`));
}

const amount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * Resolves each plan against the order amount, in order. A plan that breaks a rule
 * gives an error naming it (`plans[2].fee ...`) instead of an option.
 *
 * @example
 * resolveInstallments([{ installment: 3 }], 12990)[0]; // { installments: 3, installmentCents: 4330, firstCents: 4330, totalCents: 12990, interestFree: true }
 */
export function resolveInstallments(plans: readonly InstallmentPlan[], orderCents: number): Array<InstallmentOption | Error> {
  if (!Number.isSafeInteger(orderCents) || orderCents <= 0) {
    return [new RangeError(`"amount" expected whole cents greater than 0, got ${String(orderCents)}`)];
  }
  return plans.map((plan, index) => {
    const name = `installments[${index}]`;
    const n = plan?.installment;
    if (!Number.isInteger(n) || n < 1 || n > MAX_INSTALLMENTS) {
      return new RangeError(`"${name}.installment" expected a whole number from 1 to ${MAX_INSTALLMENTS}, got ${String(n)}`);
    }
    for (const field of ['fee', 'installmentAmount', 'totalAmount'] as const) {
      if (plan[field] !== undefined && !amount(plan[field])) return new RangeError(`"${name}.${field}" expected a number >= 0, got ${String(plan[field])}`);
    }
    const brands = plan.brands as unknown;
    if (brands !== undefined && !(Array.isArray(brands) && brands.length <= 20 && brands.every((b) => typeof b === 'string' && b.length <= 20))) {
      return new TypeError(`"${name}.brands" expected a list of brand ids like ["elo", "visa"]`);
    }
    const totalCents = plan.totalAmount !== undefined ? toCents(plan.totalAmount)
      : plan.installmentAmount !== undefined ? toCents(plan.installmentAmount) * n
      : orderCents + Math.round((orderCents * toCents(plan.fee ?? 0)) / 10_000);
    if (totalCents < orderCents) return new RangeError(`"${name}" totals less than the order amount`);
    const installmentCents = plan.installmentAmount !== undefined ? toCents(plan.installmentAmount) : Math.floor(totalCents / n);
    const firstCents = totalCents - installmentCents * (n - 1);
    if (firstCents < 0 || Math.abs(firstCents - installmentCents) >= n) {
      return new RangeError(`"${name}.installmentAmount" times ${n} does not make "totalAmount"`);
    }
    return { installments: n, installmentCents, firstCents, totalCents, interestFree: totalCents === orderCents, ...(plan.brands ? { brands: plan.brands } : {}) };
  });
}

/** The most plans a merchant may give (the frame's config message carries them all). */
export const MAX_PLANS = 24;

/**
 * The plans as the element takes them (property, or the attribute's JSON): the options, or
 * the problem naming the member. No plans (absent, empty): no options and no problem.
 *
 * @example
 * checkPlans([{ installment: 3, fee: -1 }], 12990).problem; // 'installments: "installments[0].fee" expected a number >= 0, got -1'
 */
export function checkPlans(plans: unknown, orderCents: unknown): { options: InstallmentOption[]; problem: string } {
  if (plans == null || (Array.isArray(plans) && !plans.length)) return { options: [], problem: '' };
  if (!Array.isArray(plans) || plans.length > MAX_PLANS) {
    return { options: [], problem: `installments: expected a JSON list of up to ${MAX_PLANS} plans` };
  }
  const results = resolveInstallments(plans as InstallmentPlan[], orderCents as number);
  const bad = results.find((result): result is Error => result instanceof Error);
  return bad ? { options: [], problem: `installments: ${bad.message}` } : { options: results as InstallmentOption[], problem: '' };
}

/**
 * The options a brand may use: every option without `brands`, and those listing it; the
 * first one per number of installments (a later plan of the same number is a duplicate).
 */
export function optionsForBrand(options: readonly InstallmentOption[], brand: BrandId | null | undefined): InstallmentOption[] {
  const open = options.filter((option) => !option.brands || (!!brand && option.brands.includes(brand)));
  return open.filter((option, index) => open.findIndex((first) => first.installments === option.installments) === index);
}

// The monthly rate and the CET (custo efetivo total), Brazil's rules for credit offered to consumers
// (art. 52 of the consumer code: the effective annual rate; CMN Resolution 3.517: the CET, annual).
// The rate i is the one that makes the installments, the first a month after the purchase and one a
// month after it, worth the order amount today: orderCents = sum of pay_k / (1 + i)^k. The CET is i
// over a year of twelve such months, (1 + i)^12 - 1 (the plan has no fees, tariffs or taxes besides
// its interest). Both are told in hundredths of a percent, rounded half up on the exact value: every
// comparison below is of whole numbers (BigInt), never floats, so 1,875% is 1,88% on every engine.

/** The payments' worth at the rate a/b a month less the order amount, times b^n (1 + a/b)^n: its sign is exact. */
const worthOver = (option: InstallmentOption, orderCents: number, a: bigint, b: bigint) => {
  const x = a + b;
  let sum = 0n;
  let bk = 1n;
  // Horner's rule over pay_k * b^k * x^(n-k), the first payment carrying the remainder.
  for (let k = 1; k <= option.installments; k++) sum = sum * x + BigInt(k > 1 ? option.installmentCents : option.firstCents) * (bk *= b);
  return sum - BigInt(orderCents) * x ** BigInt(option.installments);
};

/** The largest a with a/b a month at most the plan's rate (the payments still worth the order at a/b). */
const rateFloor = (option: InstallmentOption, orderCents: number, b: bigint) => {
  // The rate is at most total/order - 1: each payment waits at least a month.
  let low = 0n;
  let high = (BigInt(option.totalCents - orderCents) * b) / BigInt(orderCents) + 1n;
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (worthOver(option, orderCents, middle, b) >= 0n) low = middle;
    else high = middle;
  }
  return low;
};

const HALVES = 20_000n; // half hundredths of a percent in a whole: the rounding's step
/** Half hundredths (floored) as hundredths, rounded half up. */
const halfUp = (halves: bigint) => Number((halves + 1n) / 2n);
/** The CET of the monthly rate a/b, in half hundredths of a percent, floored. */
const cetHalves = (a: bigint, b: bigint) => (((a + b) ** 12n - b ** 12n) * HALVES) / b ** 12n;

/**
 * An option's monthly interest rate and its CET (a year's), in hundredths of a percent rounded half
 * up; none for an interest-free option.
 *
 * @example
 * planRates({ installments: 12, installmentCents: 1210, firstCents: 1210, totalCents: 14520, interestFree: false }, 12990);
 * // { monthly: 176, cet: 2323 }: 1,76% a.m., CET 23,23% a.a.
 */
export function planRates(option: InstallmentOption, orderCents: number): { monthly: number; cet: number } | undefined {
  if (option.interestFree) return undefined;
  const monthly = halfUp(rateFloor(option, orderCents, HALVES));
  // The CET from ever narrower brackets a/b <= i < (a+1)/b: once both ends' CETs floor to the same half
  // hundredth, so does the rate's; a/b exactly the rate ends it too. A CET on a step itself (never
  // bracketed) is taken from the upper end after 10^60: half up.
  for (let b = 10n ** 6n; ; b *= 1000n) {
    const a = rateFloor(option, orderCents, b);
    const [low, high] = [cetHalves(a, b), cetHalves(a + 1n, b)];
    if (low === high || worthOver(option, orderCents, a, b) === 0n) return { monthly, cet: halfUp(low) };
    if (b > 10n ** 60n) return { monthly, cet: halfUp(high) };
  }
}

// The words around the amounts: after the count, before the first installment's, without and with
// interest, before the total, the monthly rate's and the CET's units (art. 52 of the consumer code:
// each option says its interest, its total and the effective rates).
const LABELS = {
  'pt-BR': ['x de ', ' (1ª de ', ' sem juros', ' com juros', ', total ', '% a.m.', '% a.a.'],
  en: ['x ', ' (1st ', ' interest-free', ' with interest', ', total ', '% a month', '% a year'],
} as const;

/** A decimal with two places (cents, hundredths of a percent) written the language's way: 1.234,56 or 1,234.56. */
const twoPlaces = (hundredths: number, en: boolean) =>
  String((hundredths - (hundredths % 100)) / 100).replace(/\B(?=(\d{3})+$)/g, en ? ',' : '.') + (en ? '.' : ',') + String(hundredths % 100).padStart(2, '0');

/**
 * Cents as BRL in the language's own way, as `Intl.NumberFormat`'s currency format writes them:
 * `R$ 1.234,56` in pt-BR (a no-break space after R$), `R$1,234.56` in en (a property test holds
 * it to Intl). Not Intl itself: a page's first `Intl.NumberFormat` costs 20-70 ms of ICU set-up in
 * Chromium, spent on the render that first shows the plans (in frame mode, before svc-ready).
 *
 * @example
 * formatBrl(12990, 'pt-BR'); // 'R$\u00a0129,90'
 */
export function formatBrl(cents: number, lang: 'pt-BR' | 'en'): string {
  const en = lang === 'en';
  return `R$${en ? '' : '\u00a0'}${twoPlaces(cents, en)}`;
}

/** The rates of an option with interest, `1,76% a.m., CET 23,23% a.a.`; '' when interest-free. */
function ratesText(option: InstallmentOption, orderCents: number, lang: 'pt-BR' | 'en', between: string): string {
  const rates = planRates(option, orderCents);
  const [, , , , , month, year] = LABELS[lang];
  const en = lang === 'en';
  return rates ? `${twoPlaces(rates.monthly, en)}${month}${between}CET ${twoPlaces(rates.cet, en)}${year}` : '';
}

/**
 * The label of an option in the list, whole: the installments, whether with interest, the total and,
 * with interest, the monthly rate and the CET (art. 52 of Brazil's consumer code):
 * `1x de R$ 129,90 sem juros, total R$ 129,90`,
 * `12x de R$ 12,10 com juros, total R$ 145,20, 1,76% a.m., CET 23,23% a.a.`.
 * Money in the language's own way (formatBrl), always in BRL.
 *
 * @example
 * installmentLabel({ installments: 3, installmentCents: 4330, firstCents: 4330, totalCents: 12990, interestFree: true }, 'pt-BR', 12990);
 * // '3x de R$ 43,30 sem juros, total R$ 129,90'
 */
export function installmentLabel(option: InstallmentOption, lang: 'pt-BR' | 'en', orderCents: number): string {
  const [, , , , total] = LABELS[lang];
  const rates = ratesText(option, orderCents, lang, ', ');
  return choiceLabel(option, lang) + total + formatBrl(option.totalCents, lang) + (rates && `, ${rates}`);
}

/**
 * The chosen option as the closed select shows it, short enough for 320 px (the rest is said under it,
 * planCost): `12x de R$ 12,10 com juros`, `4x de R$ 32,47 (1ª de R$ 32,49) sem juros`.
 *
 * @example
 * choiceLabel({ installments: 12, installmentCents: 1210, firstCents: 1210, totalCents: 14520, interestFree: false }, 'pt-BR');
 * // '12x de R$ 12,10 com juros'
 */
export function choiceLabel(option: InstallmentOption, lang: 'pt-BR' | 'en'): string {
  const brl = (cents: number) => formatBrl(cents, lang);
  const [each, first, free, interest] = LABELS[lang];
  return option.installments + each + brl(option.installmentCents)
    + (option.firstCents !== option.installmentCents ? `${first}${brl(option.firstCents)})` : '')
    + (option.interestFree ? free : interest);
}

/**
 * The chosen option's cost in a line short enough for 320 px (shown under "Parcelas", whose closed
 * select says only the installments): `Total R$ 145,20 · 1,76% a.m. · CET 23,23% a.a.`, or
 * `Total R$ 129,90 sem juros`.
 *
 * @example
 * planCost({ installments: 12, installmentCents: 1210, firstCents: 1210, totalCents: 14520, interestFree: false }, 12990, 'pt-BR');
 * // 'Total R$ 145,20 · 1,76% a.m. · CET 23,23% a.a.'
 */
export function planCost(option: InstallmentOption, orderCents: number, lang: 'pt-BR' | 'en'): string {
  const [, , free] = LABELS[lang];
  return `Total ${formatBrl(option.totalCents, lang)}${option.interestFree ? free : ` · ${ratesText(option, orderCents, lang, ' · ')}`}`;
}
