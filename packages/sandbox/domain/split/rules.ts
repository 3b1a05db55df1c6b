// The rules an active split must follow that JSON Schema cannot say, one list of
// problems for every place a split is set (a transaction, a product, a company's
// settings). At least one rule and each percentage above 0 are the schema's
// (schemas/rules.ts activeSplit). An inactive split is never applied.
import type { Static } from 'typebox';
import type { Split } from '../../schemas/split.js';

export type SplitDoc = Static<typeof Split>;
export type SplitRule = NonNullable<SplitDoc['rules']>[number];
export interface SplitProblem { path: string; msg: string }

/** 100% in hundredths of a percent: percentages are summed as integers, so 33.33 + 33.33 + 33.34 is exactly 100. */
export const WHOLE = 10_000;

/** A percentage in hundredths, or undefined when it has more than two decimal places. */
export function hundredthsOf(percentage: number): number | undefined {
  const hundredths = Math.round(percentage * 100);
  // A JSON number with at most two decimals is the double nearest hundredths / 100.
  return hundredths / 100 === percentage ? hundredths : undefined;
}

const shown = (hundredths: number) => (hundredths / 100).toString();

/**
 * Every problem of an active split, in rule order. `isKnown` says whether a
 * company is one the sandbox knows; without it recipients are not looked up.
 */
export function splitProblems(split: SplitDoc | undefined, path = 'split', isKnown?: (companyId: string) => boolean): SplitProblem[] {
  if (!split?.active) return [];
  const rules = split.rules ?? [];
  const problems: SplitProblem[] = [];
  const firstIndex = new Map<string, number>();
  let total = 0;
  // The sum is judged once every percentage is a whole number of hundredths.
  let summable = true;
  rules.forEach((rule, i) => {
    const at = `${path}.rules[${i}]`;
    const seen = firstIndex.get(rule.companyId);
    if (seen !== undefined) problems.push({ path: `${at}.companyId`, msg: `${at}.companyId names ${rule.companyId} again: each recipient once (${path}.rules[${seen}] names it already)` });
    else firstIndex.set(rule.companyId, i);
    if (isKnown && !isKnown(rule.companyId))
      problems.push({ path: `${at}.companyId`, msg: `${at}.companyId ${rule.companyId} is not a company the sandbox knows: a recipient must be named by a sandbox credential` });
    const hundredths = hundredthsOf(rule.percentage);
    if (hundredths === undefined) { summable = false; problems.push({ path: `${at}.percentage`, msg: `${at}.percentage must have at most 2 decimal places` }); }
    else total += hundredths;
  });
  if (summable && total !== WHOLE) problems.push({ path: `${path}.rules`, msg: `${path}.rules percentages must add up to exactly 100, got ${shown(total)}` });
  return problems;
}
