// The monthly rate and the CET (custo efetivo total) of an installment plan, computed on the server,
// as Mercado Pago's installments answer carries them: Brazil's rules for credit offered to consumers
// (art. 52 of the consumer code: the effective rate; CMN Resolution 3.517: the CET, annual). The
// merchant's server adds them to the plans it gives <svc-card-form> (`plansWithRates`); the element
// only writes them, so this math is not in its script (issue 39: the ceilings stay).
//
// The rate i is the one that makes the installments, the first a month after the purchase and one a
// month after it, worth the order amount today: orderCents = sum of pay_k / (1 + i)^k. The CET is i
// over a year of twelve such months, (1 + i)^12 - 1 (the plan has no fees, tariffs or taxes besides
// its interest). Both are told in hundredths of a percent, rounded half up on the exact value: every
// comparison below is of whole numbers (BigInt), never floats, so 1,875% is 1,88% on every machine.

import { resolveInstallments, type InstallmentOption, type InstallmentPlan } from './installments.js';

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

/**
 * The plans as the merchant's server gives them to <svc-card-form>: each plan with interest gains
 * `monthlyRate` (percent a month) and `cet` (percent a year), two places, for the order amount in
 * cents (any rates it had are replaced). Interest-free plans, and plans that break a rule (the element
 * names the problem), are returned as they are.
 *
 * @example
 * plansWithRates([{ installment: 3 }, { installment: 12, installmentAmount: 12.1 }], 12990);
 * // [{ installment: 3 }, { installment: 12, installmentAmount: 12.1, monthlyRate: 1.76, cet: 23.23 }]
 */
export function plansWithRates(plans: readonly InstallmentPlan[], orderCents: number): InstallmentPlan[] {
  return resolveInstallments(plans, orderCents).map((option, index) => {
    const plan = plans[index]!;
    const rates = option instanceof Error ? undefined : planRates(option, orderCents);
    if (!rates) return plan;
    const { monthlyRate: _, cet: __, ...rest } = plan;
    return { ...rest, monthlyRate: rates.monthly / 100, cet: rates.cet / 100 };
  });
}
