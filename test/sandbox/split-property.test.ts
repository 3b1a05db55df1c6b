// The split's money rules (packages/sandbox/domain/split) for random payments: gross
// shares add up to the amount, fees to the transaction's fee, no net below 0,
// and the result is what a second, plain model of the documented rule gives.
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
  return {
    fee: Number(fee),
    payables: rules.map((r, i) => ({ companyId: r.companyId, grossAmount: Number(gross[i]), fee: Number(fees[i]), netAmount: Number(gross[i]! - fees[i]!) })),
  };
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

describe('split payables for random payments (fast-check)', () => {
  it('gross adds up to the amount, fees to the transaction fee, every net >= 0, and the plan equals the plain model', () => {
    fc.assert(fc.property(payment, ({ amount, method, installments: asked, hundredths, flags, payerAt, withSplit }) => {
      const installments = method === 'CREDIT_CARD' ? asked : 1;
      const payingCompanyId = payerAt >= 0 ? `c${payerAt}` : 'payer';
      const rules = hundredths.map((h, i) => ({ companyId: `c${i}`, percentage: h / 100, ...Object.fromEntries(Object.entries(flags[i]!).filter(([, v]) => v !== undefined)) }));
      const split = withSplit ? { active: true, rules } : undefined;
      expect(splitProblems(split, 'split', () => true)).toEqual([]);

      const plan = planPayables({ amount, paymentMethod: method, installments, payingCompanyId, split });
      expect(plan.payables.reduce((sum, p) => sum + p.grossAmount, 0)).toBe(amount);
      expect(plan.payables.reduce((sum, p) => sum + p.fee, 0)).toBe(plan.fee);
      for (const p of plan.payables) {
        expect(p.netAmount).toBeGreaterThanOrEqual(0);
        expect(p.netAmount).toBe(p.grossAmount - p.fee);
      }
      const modelRules: ModelRule[] = withSplit
        ? rules.map((r, i) => ({ ...r, hundredths: hundredths[i]! }))
        : [{ companyId: payingCompanyId, hundredths: 10_000 }];
      // Each gross is within a cent of its exact share.
      plan.payables.forEach((p, i) => expect(Math.abs(p.grossAmount * 10_000 - amount * modelRules[i]!.hundredths)).toBeLessThan(10_000));
      expect(plan).toEqual(model(amount, method, installments, payingCompanyId, modelRules));
    }), { numRuns: 2_000 });
  });

  it('every percentage of at most two decimals is read as its exact hundredths; a third decimal is refused', () => {
    for (let h = 0; h <= 10_000; h++) expect(hundredthsOf(h / 100)).toBe(h);
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999 }).filter((t) => t % 10 !== 0), (thousandths) => {
      expect(hundredthsOf(thousandths / 1000)).toBeUndefined();
    }));
  });
});
