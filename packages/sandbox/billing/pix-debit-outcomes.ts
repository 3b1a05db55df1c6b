// What each PIX Automático debit can end in, and the sandbox action that makes it (issue 40 item 7):
// the test-cards page's counterpart lists them beside the mandate's own table. One row per outcome
// the charge's pixDebit can record (a new refusal in the charge's schema fails the type until its row
// is written); the rule each follows is the schedule's row it names (billing/schedule.ts), not prose here.
import type { ClockRowName } from '../base/clock-rows.js';
import { PIX_DEBIT_ATTEMPTS } from './pix-debit.js';

type Outcome = 'PAID' | 'INSUFFICIENT_FUNDS' | 'ABOVE_MAXIMUM';

export const PIX_DEBIT_OUTCOMES = {
  PAID: { charge: 'PAID (charge.paid; a PIX transaction PAID)', how: 'POST /sandbox/v1/mandates/bank action approve (no maxAmount, or one at least the price), then the test clock to the due date', row: 'pixDebit' },
  INSUFFICIENT_FUNDS: { charge: 'ERROR_PAYMENT (charge.payment_failed), retried; OVERDUE once the retries are over', how: `action decline-debits with count N: the next N debits refused (count ${PIX_DEBIT_ATTEMPTS} spends the due date's and every retry)`, row: 'pixDebitRetry' },
  ABOVE_MAXIMUM: { charge: 'ERROR_PAYMENT (charge.payment_failed), not retried; OVERDUE the day after', how: 'action approve with maxAmount below the price', row: 'pixDebitRefused' },
} as const satisfies Record<Outcome, { charge: string; how: string; row: ClockRowName }>;
