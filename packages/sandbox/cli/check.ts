// `svc-sandbox check <checkout-url>`: the merchant's checkout driven through the scenarios (check/).
import type { Command } from './command.js';
import { SCENARIOS } from '../check/scenarios.js';

export const check: Command = {
  summary: `checks a checkout page: ${SCENARIOS.length} scenarios in Chromium, then the ledger (one payment per order, webhooks answered 2xx, no status unhandled); exit 1 on a failure`,
  flags: ['sandbox', 'api-key', 'company', 'chromium', 'only', 'concurrency'],
  operands: '<checkout-url>',
  async run(values, operands) {
    const { checkCommand } = await import('../check/command.js');
    process.exitCode = await checkCommand(operands, { sandbox: values.sandbox, apiKey: values['api-key'], company: values.company, chromium: values.chromium, only: values.only, concurrency: values.concurrency });
  },
};
