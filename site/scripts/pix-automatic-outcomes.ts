// The test-cards page's counterpart for PIX Automático (issue 40 item 7): each mandate outcome from
// the mandate's state table (domain/states/mandate.ts, the table the sandbox moves by) and each debit
// outcome from PIX_DEBIT_OUTCOMES with the schedule's row it follows (billing/schedule.ts): no copy.
import { MANDATE_MACHINE } from '../../packages/sandbox/domain/states/mandate.js';
import { NEW, SAME } from '../../packages/sandbox/domain/states/machine.js';
import { PIX_DEBIT_OUTCOMES } from '../../packages/sandbox/billing/pix-debit-outcomes.js';
import { SCHEDULE } from '../../packages/sandbox/billing/schedule.js';
import { CLOCK_ROWS } from '../../packages/sandbox/base/clock-rows.js';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function pixAutomaticOutcomes(): string {
  const mandates = MANDATE_MACHINE.rows.map((row) => `| ${row.to === SAME ? 'unchanged' : `\`${row.to}\``} | ${row.from === NEW ? '(new)' : row.from.map((s) => `\`${s}\``).join(', ')} | ${cell(row.by)} | \`${row.emits}\` | ${cell(row.effects)} |`);
  const debits = Object.entries(PIX_DEBIT_OUTCOMES).map(([outcome, { charge, how, row }]) => {
    const rule = SCHEDULE.find((r) => r.name === row)!;
    return `| \`${outcome}\` | ${cell(how)} | ${cell(charge)} | row ${CLOCK_ROWS[row]}: ${cell(rule.condition)} |`;
  });
  return [
    '## PIX Automático: mandate and debit outcomes',
    '',
    'The sandbox\'s extension (see [Recurring PIX](../guide/recurring-pix.md)). No card number here: `POST /sandbox/v1/mandates/bank` `{ companyId, mandateId, action }` plays the payer\'s bank, and the test clock (`POST /sandbox/v1/clock/advance`) debits each renewal. Made from the mandate\'s state table and the clock\'s schedule, the ones the sandbox runs.',
    '',
    '### Mandate outcomes',
    '',
    '| status | from | made by | webhook | what else happens |',
    '|---|---|---|---|---|',
    ...mandates,
    '',
    '### Debit outcomes (each renewal under an `ACTIVE` mandate)',
    '',
    '| debit | how to make it | the charge | the rule (the test clock\'s row) |',
    '|---|---|---|---|',
    ...debits,
  ].join('\n');
}
