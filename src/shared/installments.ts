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
  /** The plan's monthly interest rate and its CET (a year's), in percent, as the server computed them (plan-rates.ts): the element writes them. */
  monthlyRate?: number;
  cet?: number;
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
  /** The plan's rates in percent, as given, when both are (plansWithRates, plan-rates.ts). */
  monthlyRate?: number;
  cet?: number;
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
    for (const field of ['fee', 'installmentAmount', 'totalAmount', 'monthlyRate', 'cet'] as const) {
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
    return {
      installments: n, installmentCents, firstCents, totalCents, interestFree: totalCents === orderCents,
      ...(plan.brands ? { brands: plan.brands } : {}), ...(plan.monthlyRate! + plan.cet! >= 0 && { monthlyRate: plan.monthlyRate, cet: plan.cet }),
    };
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
 * Whether any plan has interest: the element keeps two lines under "Parcelas" then (the rates, planCost),
 * and frame mode's reserve counts the second (frame/parent/styles.ts). The one rule for both.
 */
export const withInterest = (options: readonly InstallmentOption[]): boolean => options.some((option) => !option.interestFree);

/**
 * The options a brand may use: every option without `brands`, and those listing it; the
 * first one per number of installments (a later plan of the same number is a duplicate).
 */
export function optionsForBrand(options: readonly InstallmentOption[], brand: BrandId | null | undefined): InstallmentOption[] {
  const open = options.filter((option) => !option.brands || (!!brand && option.brands.includes(brand)));
  return open.filter((option, index) => open.findIndex((first) => first.installments === option.installments) === index);
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

/** The words after the installments: the first's amount when it differs, and whether with interest (` (1ª de R$ 32,49) sem juros`). */
const terms = (option: InstallmentOption, lang: 'pt-BR' | 'en') => {
  const [, first, free, interest] = LABELS[lang];
  return (option.firstCents !== option.installmentCents ? `${first}${formatBrl(option.firstCents, lang)})` : '') + (option.interestFree ? free : interest);
};

/** The server's rates of an option (plan-rates.ts gives them to plans with interest), `1,76% a.m.` and `CET 23,23% a.a.` with `between`; '' without them. */
const ratesText = (option: InstallmentOption, lang: 'pt-BR' | 'en', between: string) => {
  const [, , , , , month, year] = LABELS[lang];
  const en = lang === 'en';
  return option.cet == null ? '' : `${twoPlaces(toCents(option.monthlyRate!), en)}${month}${between}CET ${twoPlaces(toCents(option.cet), en)}${year}`;
};

/**
 * The label of an option in the list, whole: the installments, whether with interest, the total and,
 * with interest, the monthly rate and the CET the server gave (art. 52 of Brazil's consumer code):
 * `1x de R$ 129,90 sem juros, total R$ 129,90`,
 * `12x de R$ 12,10 com juros, total R$ 145,20, 1,76% a.m., CET 23,23% a.a.`.
 * Money in the language's own way (formatBrl), always in BRL.
 *
 * @example
 * installmentLabel({ installments: 3, installmentCents: 4330, firstCents: 4330, totalCents: 12990, interestFree: true }, 'pt-BR');
 * // '3x de R$ 43,30 sem juros, total R$ 129,90'
 */
export function installmentLabel(option: InstallmentOption, lang: 'pt-BR' | 'en'): string {
  const rates = ratesText(option, lang, ', ');
  return choiceLabel(option, lang) + terms(option, lang) + LABELS[lang][4] + formatBrl(option.totalCents, lang) + (rates && `, ${rates}`);
}

/**
 * The chosen option as the closed select shows it: the installments alone, `12x de R$ 12,10`, which
 * fits a 320 px phone in every engine (`1x de R$ 129,90 sem juros` did not in Firefox's frame); the
 * line under it says the rest (planCost).
 *
 * @example
 * choiceLabel({ installments: 12, installmentCents: 1210, firstCents: 1210, totalCents: 14520, interestFree: false }, 'pt-BR');
 * // '12x de R$ 12,10'
 */
export function choiceLabel(option: InstallmentOption, lang: 'pt-BR' | 'en'): string {
  return option.installments + LABELS[lang][0] + formatBrl(option.installmentCents, lang);
}

/**
 * The rest of the chosen option, under "Parcelas" (two lines at most at 320 px): its total, whether with
 * interest, the first installment when it differs, and the server's rates:
 * `Total R$ 145,20 com juros · 1,76% a.m. · CET 23,23% a.a.`, `Total R$ 129,90 (1ª de R$ 32,49) sem juros`.
 *
 * @example
 * planCost({ installments: 3, installmentCents: 4330, firstCents: 4330, totalCents: 12990, interestFree: true }, 'pt-BR');
 * // 'Total R$ 129,90 sem juros'
 */
export function planCost(option: InstallmentOption, lang: 'pt-BR' | 'en'): string {
  const rates = ratesText(option, lang, ' · ');
  return `Total ${formatBrl(option.totalCents, lang)}${terms(option, lang)}${rates && ` · ${rates}`}`;
}
