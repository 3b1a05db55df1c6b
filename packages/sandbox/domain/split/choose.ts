// Which split a paid transaction follows (4.3): its own active split, else its
// product's, else its company's, else none (the whole amount to the paying
// company). A stored split that breaks the rules (set before they were
// checked) is passed over like an inactive one: it cannot be paid out.
import type { SPLIT_SOURCES } from '../../schemas/split.js';
import { splitProblems, type SplitDoc } from './rules.js';

export type SplitSource = (typeof SPLIT_SOURCES)[number];

export interface Candidates { transaction?: SplitDoc; product?: SplitDoc; company?: SplitDoc }
export interface Chosen { split?: SplitDoc; source: SplitSource }

const applies = (split?: SplitDoc): split is SplitDoc => split?.active === true && splitProblems(split).length === 0;

export function chooseSplit(candidates: Candidates): Chosen {
  for (const source of ['transaction', 'product', 'company'] as const) {
    const split = candidates[source];
    if (applies(split)) return { split, source };
  }
  return { source: 'none' };
}
