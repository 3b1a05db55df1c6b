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

// The words around the amounts: after the count, before the first installment's, without and
// with interest, before the total (art. 52 of the consumer code: each option says its interest and total).
const LABELS = {
  'pt-BR': ['x de ', ' (1ª de ', ' sem juros', ' com juros', ', total ', ' (juros '],
  en: ['x ', ' (1st ', ' interest-free', ' with interest', ', total ', ' (interest '],
} as const;

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
  const reais = String((cents - (cents % 100)) / 100).replace(/\B(?=(\d{3})+$)/g, en ? ',' : '.');
  return `R$${en ? '' : '\u00a0'}${reais}${en ? '.' : ','}${String(cents % 100).padStart(2, '0')}`;
}

/**
 * The label of an option, its interest and total always said (art. 52 of Brazil's consumer code):
 * `1x de R$ 129,90 sem juros, total R$ 129,90`, `12x de R$ 12,10 com juros, total R$ 145,20`.
 * Money in the language's own way (formatBrl), always in BRL.
 *
 * @example
 * installmentLabel({ installments: 3, installmentCents: 4330, firstCents: 4330, totalCents: 12990, interestFree: true }, 'pt-BR');
 * // '3x de R$ 43,30 sem juros, total R$ 129,90'
 */
export function installmentLabel(option: InstallmentOption, lang: 'pt-BR' | 'en'): string {
  const brl = (cents: number) => formatBrl(cents, lang);
  const [each, first, free, interest, total] = LABELS[lang];
  return option.installments + each + brl(option.installmentCents)
    + (option.firstCents !== option.installmentCents ? `${first}${brl(option.firstCents)})` : '')
    + (option.interestFree ? free : interest) + total + brl(option.totalCents);
}

/**
 * The chosen option's cost in a line short enough for 320 px (shown under "Parcelas", whose
 * closed select may cut its option's text): `Total R$ 145,20 (juros R$ 15,30)`, or
 * `Total R$ 129,90 sem juros`; the interest is the total less the order amount.
 *
 * @example
 * planCost({ installments: 12, installmentCents: 1210, firstCents: 1210, totalCents: 14520, interestFree: false }, 12990, 'pt-BR');
 * // 'Total R$ 145,20 (juros R$ 15,30)'
 */
export function planCost(option: InstallmentOption, orderCents: number, lang: 'pt-BR' | 'en'): string {
  const [, , free, , , interest] = LABELS[lang];
  return `Total ${formatBrl(option.totalCents, lang)}${option.interestFree ? free : `${interest}${formatBrl(option.totalCents - orderCents, lang)})`}`;
}
