// The test-cards page's PIX Automático counterpart (issue 40 item 7) is made from the tables the
// sandbox runs: every mandate status and bank action the schema knows is on it, and every debit
// refusal the charge's schema can record has its row (how to make it, the clock's row it follows).
import { expect, it } from 'vitest';
import { pixAutomaticOutcomes } from '../../site/scripts/pix-automatic-outcomes.js';
import { PIX_DEBIT_OUTCOMES } from '../../packages/sandbox/billing/pix-debit-outcomes.js';
import { BANK_ACTIONS, MANDATE_STATUSES } from '../../packages/sandbox/schemas/mandate.js';
import { Charge } from '../../packages/sandbox/schemas/charge.js';

const page = pixAutomaticOutcomes();

it('every mandate status has its row, and every bank action is said', () => {
  for (const status of MANDATE_STATUSES) expect(page).toMatch(new RegExp(`^\\| \`${status}\` \\|`, 'm'));
  for (const action of BANK_ACTIONS) expect(page).toContain(`action ${action}`);
});

it('every debit refusal a charge records has its row, with the clock\'s row it follows', () => {
  const refusals = (Charge.properties as Record<string, any>).pixDebit.properties.refusal.enum as string[];
  expect(Object.keys(PIX_DEBIT_OUTCOMES).sort()).toEqual(['PAID', ...refusals].sort());
  for (const outcome of Object.keys(PIX_DEBIT_OUTCOMES)) expect(page).toMatch(new RegExp(`^\\| \`${outcome}\` \\| .* \\| row \\d+: `, 'm'));
});
