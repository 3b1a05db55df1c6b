// The split rules (domain/split/rules.ts) as the 400 every route that sets a
// split answers: POST /v1/transaction, POST /v1/product, PUT /sandbox/v1/company/settings.
import type { Queryable } from '../db/database.js';
import { splitProblems, type SplitDoc } from '../domain/split/rules.js';
import { knownCompanies } from '../store/known-companies.js';
import { fieldError, invalid } from '../base/errors.js';

/** Refuses an active split that breaks a rule, naming every broken rule's field; an inactive one passes. */
export async function assertSplitRules(db: Queryable, split: SplitDoc | undefined, path = 'split'): Promise<void> {
  if (!split?.active) return;
  const known = await knownCompanies(db, (split.rules ?? []).map((rule) => rule.companyId));
  const problems = splitProblems(split, path, (companyId) => known.has(companyId));
  if (problems.length) throw invalid(...problems.map((p) => fieldError(p.path, p.msg)));
}
