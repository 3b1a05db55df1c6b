// The split's money rules (packages/sandbox/domain/split) for random payments: gross
// shares add up to the amount, fees to the transaction's fee, no net below 0,
// a credit card sale in installments cut into one payable per installment, and
// the result is what a second, plain model of the documented rule gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEE_TABLE } from '../../packages/sandbox/domain/split/fee-table.js';
import { planPayables } from '../../packages/sandbox/domain/split/plan.js';
import { hundredthsOf, splitProblems } from '../../packages/sandbox/domain/split/rules.js';
import { PAYMENT_METHODS } from '../../packages/sandbox/schemas/common.js';

type Method = (typeof PAYMENT_METHODS)[number];
interface ModelRule { companyId: string; hundredths: number; chargeProcessingFee?: boolean; chargeRecipientProcessingFee?: boolean }

// ---- The model: the description's words, one step at a time, in BigInt. ----

/** Whole cents by weights: floors, then one cent at a time to the largest remainder not yet served, the earlier on a tie. */
function largestRemainder(total: bigint, weights: bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map((_, i) => (i === 0 ? total : 0n));
  const parts = weights.map((w) => (total * w) / sum);
  const remainders = weights.map((w) => (total * w) % sum);
  const served = new Set<number>();
  for (let left = total - parts.reduce((a, b) => a + b, 0n); left > 0n; left--) {
    let best = -1;
    for (let i = 0; i < weights.length; i++) if (!served.has(i) && (best < 0 || remainders[i]! > remainders[best]!)) best = i;
    served.add(best);
    parts[best]! += 1n;
  }
  return parts;
}

function modelFee(amount: number, method: Method, installments: number): number {
  const rows = FEE_TABLE.filter((row) => row.method === method);
  const row = rows.find((r) => r.installments.from <= installments && installments <= r.installments.to) ?? rows[rows.length - 1]!;
  return Math.min(amount, Math.round((amount * row.basisPoints) / 10_000) + row.fixedCents);
}

function model(amount: number, method: Method, installments: number, payingCompanyId: string, rules: ModelRule[]) {
  const fee = BigInt(modelFee(amount, method, installments));
  const gross = largestRemainder(BigInt(amount), rules.map((r) => BigInt(r.hundredths)));
  const shareOfFee = largestRemainder(fee, gross);
  const fees = rules.map((r, i) => (r.chargeRecipientProcessingFee ? shareOfFee[i]! : 0n));
  const rest = fee - fees.reduce((a, b) => a + b, 0n);
  const marked = rules.map((r, i) => (r.chargeProcessingFee ? i : -1)).filter((i) => i >= 0);
  const payer = rules.findIndex((r) => r.companyId === payingCompanyId);
  const bearers = marked.length > 0 ? marked : payer >= 0 ? [payer] : [];
  if (bearers.length > 0) largestRemainder(rest, bearers.map((i) => gross[i]!)).forEach((part, k) => { fees[bearers[k]!]! += part; });
  else rules.forEach((r, i) => { if (!r.chargeRecipientProcessingFee) fees[i]! += shareOfFee[i]!; });
  let excess = 0n;
  for (let i = 0; i < rules.length; i++) if (fees[i]! > gross[i]!) { excess += fees[i]! - gross[i]!; fees[i] = gross[i]!; }
  for (let i = 0; i < rules.length; i++) {
    const room = gross[i]! - fees[i]!;
    const taken = excess < room ? excess : room;
    fees[i]! += taken;
    excess -= taken;
  }
  const count = method === 'CREDIT_CARD' && installments > 1 ? installments : 1;
  return {
    fee: Number(fee),
    payables: rules.flatMap((r, i) => inInstallments(gross[i]!, fees[i]!, count).map((part, k) => ({ companyId: r.companyId, ruleIndex: i, installment: k + 1, ...part }))),
  };
}

/** A share in `count` installments: gross and fee in equal floored parts, the rest on the first; a first fee above its gross passes the excess on, in order. */
function inInstallments(gross: bigint, fee: bigint, count: number) {
  const n = BigInt(count);
  const parts = (total: bigint) => Array.from({ length: count }, (_, k) => (k === 0 ? total - (total / n) * (n - 1n) : total / n));
  const g = parts(gross);
  const f = parts(fee);
  let excess = f[0]! > g[0]! ? f[0]! - g[0]! : 0n;
  f[0]! -= excess;
  for (let k = 1; k < count; k++) {
    const room = g[k]! - f[k]!;
    const taken = excess < room ? excess : room;
    f[k]! += taken;
    excess -= taken;
  }
  return g.map((part, k) => ({ grossAmount: Number(part), fee: Number(f[k]), netAmount: Number(part - f[k]!) }));
}

// ---- Random payments ----

/** n percentages in hundredths, each at least 0.01%, adding up to exactly 100%. */
const hundredthsSumming = (n: number) =>
  fc.uniqueArray(fc.integer({ min: 1, max: 9_999 }), { minLength: n - 1, maxLength: n - 1 }).map((cuts) => {
    const points = [0, ...cuts.sort((a, b) => a - b), 10_000];
    return points.slice(1).map((p, i) => p - points[i]!);
  });

const flag = fc.option(fc.boolean(), { nil: undefined });
const payment = fc.integer({ min: 1, max: 10 }).chain((n) => fc.record({
  amount: fc.oneof(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 1_000_000_000 })),
  method: fc.constantFrom(...PAYMENT_METHODS),
  installments: fc.integer({ min: 1, max: 12 }),
  hundredths: hundredthsSumming(n),
  flags: fc.array(fc.record({ chargeProcessingFee: flag, chargeRecipientProcessingFee: flag }), { minLength: n, maxLength: n }),
  // The paying company is one of the recipients, or none of them.
  payerAt: fc.integer({ min: -1, max: n - 1 }),
  withSplit: fc.boolean(),
}));

type Plan = ReturnType<typeof planPayables>;
const sum = (payables: Plan['payables'], key: 'grossAmount' | 'fee' | 'netAmount') => payables.reduce((total, p) => total + p[key], 0);
const grossOf = (plan: Plan, ruleIndex: number) => sum(plan.payables.filter((p) => p.ruleIndex === ruleIndex), 'grossAmount');

/** Every payable's net is its gross less its fee and never negative; the parts add up to the amount, the fee and amount - fee; card installments one payable each. */
function expectExactParts(plan: Plan, amount: number, method: Method, installments: number) {
  expect(sum(plan.payables, 'grossAmount')).toBe(amount);
  expect(sum(plan.payables, 'fee')).toBe(plan.fee);
  expect(sum(plan.payables, 'netAmount')).toBe(amount - plan.fee);
  for (const p of plan.payables) {
    expect(p.netAmount).toBeGreaterThanOrEqual(0);
    expect(p.fee).toBeGreaterThanOrEqual(0);
    expect(p.netAmount).toBe(p.grossAmount - p.fee);
    expect(p.installment).toBeGreaterThanOrEqual(1);
    expect(p.installment).toBeLessThanOrEqual(method === 'CREDIT_CARD' ? installments : 1);
  }
}

describe('split payables for random payments (fast-check)', () => {
  it('gross adds up to the amount, fees to the transaction fee, every net >= 0, and the plan equals the plain model', () => {
    fc.assert(fc.property(payment, ({ amount, method, installments: asked, hundredths, flags, payerAt, withSplit }) => {
      const installments = method === 'CREDIT_CARD' ? asked : 1;
      const payingCompanyId = payerAt >= 0 ? `c${payerAt}` : 'payer';
      const rules = hundredths.map((h, i) => ({ companyId: `c${i}`, percentage: h / 100, ...Object.fromEntries(Object.entries(flags[i]!).filter(([, v]) => v !== undefined)) }));
      const split = withSplit ? { active: true, rules } : undefined;
      expect(splitProblems(split, 'split', () => true)).toEqual([]);

      const plan = planPayables({ amount, paymentMethod: method, installments, payingCompanyId, split });
      expectExactParts(plan, amount, method, installments);
      const modelRules: ModelRule[] = withSplit
        ? rules.map((r, i) => ({ ...r, hundredths: hundredths[i]! }))
        : [{ companyId: payingCompanyId, hundredths: 10_000 }];
      // Each recipient's gross (its installments together) is within a cent of its exact share.
      modelRules.forEach((r, i) => expect(Math.abs(grossOf(plan, i) * 10_000 - amount * r.hundredths)).toBeLessThan(10_000));
      expect(plan).toEqual(model(amount, method, installments, payingCompanyId, modelRules));
    }), { numRuns: 2_000 });
  });

  it('a credit card sale in 1 to 12 installments, any amount and split: n payables per recipient, installment 1..n, net = gross - fee, none negative, parts adding up exactly', () => {
    const creditCard = payment.map((p) => ({ ...p, method: 'CREDIT_CARD' as const }));
    fc.assert(fc.property(creditCard, ({ amount, installments, hundredths, flags, payerAt, withSplit }) => {
      const payingCompanyId = payerAt >= 0 ? `c${payerAt}` : 'payer';
      const rules = hundredths.map((h, i) => ({ companyId: `c${i}`, percentage: h / 100, ...Object.fromEntries(Object.entries(flags[i]!).filter(([, v]) => v !== undefined)) }));
      const plan = planPayables({ amount, paymentMethod: 'CREDIT_CARD', installments, payingCompanyId, split: withSplit ? { active: true, rules } : undefined });
      expectExactParts(plan, amount, 'CREDIT_CARD', installments);
      const recipients = withSplit ? rules.length : 1;
      expect(plan.payables).toHaveLength(recipients * installments);
      expect(plan.payables.map((p) => [p.ruleIndex, p.installment])).toEqual(
        Array.from({ length: recipients }, (_, i) => Array.from({ length: installments }, (_, k) => [i, k + 1])).flat());
    }), { numRuns: 2_000 });
  });

  it('every percentage of at most two decimals is read as its exact hundredths; a third decimal is refused', () => {
    for (let h = 0; h <= 10_000; h++) expect(hundredthsOf(h / 100)).toBe(h);
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999 }).filter((t) => t % 10 !== 0), (thousandths) => {
      expect(hundredthsOf(thousandths / 1000)).toBeUndefined();
    }));
  });
});
