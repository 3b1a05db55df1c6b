// The site's test-cards page (reference/test-cards.md), made from the sandbox's own table
// (packages/sandbox/payment/test-cards-table.ts over test-cards.json), as `svc-sandbox cards` and the
// API description are. Usage: tsx site/scripts/test-cards.ts <out.md>
import { writeFileSync } from 'node:fs';
import { testCardsMarkdown } from '../../packages/sandbox/payment/test-cards-table.js';
import { pixAutomaticOutcomes } from './pix-automatic-outcomes.js';

export const testCardsPage = () => [
  '# Test cards',
  '',
  '::: info Generated',
  "Made on every docs build from the sandbox's list, `packages/sandbox/payment/test-cards.json`; `npx svc-sandbox cards` prints the same table, and the sandbox's [API description](./payments-api.md#test-cards) holds it too.",
  ':::',
  '',
  'The card number decides what the sandbox answers (`POST /v1/transaction`, `POST /v1/charge/pay`, the first payment of `POST /v1/subscription`). "Answers" is the status the payment call returns; what follows says how the others are reached. Handle each as [the sandbox guide](../guide/sandbox.md) says.',
  '',
  '<div v-pre>',
  '',
  testCardsMarkdown(),
  '',
  pixAutomaticOutcomes(),
  '',
  '</div>',
  '',
].join('\n');

const out = process.argv[2];
if (out) writeFileSync(out, testCardsPage());
