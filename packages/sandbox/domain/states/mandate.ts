// A PIX Automático mandate's statuses and its transition table (the sandbox's
// extension): asked for by the merchant, answered by the payer's bank
// (approved, rejected, or left to expire), later revoked by the payer, or
// canceled with its subscription. The Banco Central's recorrência statuses
// (CRIADA, APROVADA, REJEITADA, EXPIRADA, CANCELADA) are its payload's.
import { mandates, type MandateDoc } from '../../store/mandates.js';
import { MANDATE_STATUSES } from '../../schemas/mandate.js';
import { NEW, SAME, type Machine, type Row, type StatusNote } from './machine.js';
import { rowRef } from '../../base/clock-rows.js';

export type MandateStatus = MandateDoc['status'];
export type MandateEvent = 'requested' | 'approved' | 'rejected' | 'expired' | 'revoked' | 'canceled' | 'debits_declined' | 'debit_declined';

/** Waiting for the payer, or debiting: one per subscription at a time. */
export const LIVE_MANDATE = ['PENDING', 'ACTIVE'] as const satisfies readonly MandateStatus[];
/** Ended: nothing moves it again; a new request makes a new mandate. */
export const ENDED_MANDATE = ['REJECTED', 'EXPIRED', 'REVOKED', 'CANCELED'] as const satisfies readonly MandateStatus[];

/** The recorrência's status (its payload's atualizacao) each status shows. */
export const BCB_STATUS: Record<MandateStatus, MandateDoc['history'][number]['status']> = {
  PENDING: 'CRIADA', ACTIVE: 'APROVADA', REJECTED: 'REJEITADA', EXPIRED: 'EXPIRADA', REVOKED: 'CANCELADA', CANCELED: 'CANCELADA',
};

const BANK = 'POST /sandbox/v1/mandates/bank action';
const rows: Row<MandateStatus, MandateEvent>[] = [
  { event: 'requested', from: NEW, to: 'PENDING', effects: 'journeys 3 and 4: the first open charge\'s PIX issued (charge slip_issued) in the same code', emits: 'mandate.created', by: 'POST /sandbox/v1/mandates' },
  { event: 'approved', from: ['PENDING'], to: 'ACTIVE', effects: 'maxAmount kept; journeys 3 and 4: the first charge paid by PIX (charge.paid, the subscription ACTIVE); renewals debited by the test clock', emits: 'mandate.updated', by: `${BANK} approve` },
  { event: 'rejected', from: ['PENDING'], to: 'REJECTED', effects: 'journey 4: the first charge paid all the same (the payer paid, then declined the mandate); journey 3: nothing paid, its PIX left to expire', emits: 'mandate.updated', by: `${BANK} reject` },
  { event: 'expired', from: ['PENDING'], to: 'EXPIRED', effects: 'none: the subscription goes on paid by hand (a PIX per charge)', emits: 'mandate.updated', by: `${BANK} expire, the test clock (${rowRef('mandateExpired')})` },
  { event: 'revoked', from: ['ACTIVE'], to: 'REVOKED', effects: 'no more debits: open charges wait to be paid by hand (any method the product offers)', emits: 'mandate.updated', by: `${BANK} revoke (the payer cancels it in their bank)` },
  { event: 'canceled', from: [...LIVE_MANDATE], to: 'CANCELED', effects: 'none', emits: 'mandate.updated', by: 'its subscription ended (any subscription ended_* row)' },
  { event: 'debits_declined', from: [...LIVE_MANDATE], to: SAME, effects: 'declineNext set: the payer\'s bank refuses that many next debits for want of funds', emits: 'mandate.updated', by: `${BANK} decline-debits` },
  { event: 'debit_declined', from: ['ACTIVE'], to: SAME, effects: 'declineNext - 1 (a debit refused for want of funds)', emits: 'mandate.updated', by: `the test clock (${rowRef('pixDebitRefused')})` },
];

const notes: Record<MandateStatus, StatusNote> = {
  PENDING: { meaning: 'asked of the payer\'s bank, not yet answered (CRIADA)', how: 'POST /sandbox/v1/mandates on a PIX subscription', reachable: true },
  ACTIVE: { meaning: 'authorised: each renewal is debited on its due date (APROVADA)', how: `${BANK} approve`, reachable: true },
  REJECTED: { meaning: 'the payer refused it (REJEITADA)', how: `${BANK} reject`, reachable: true },
  EXPIRED: { meaning: 'the payer did not answer by expiresOn (EXPIRADA)', how: `${BANK} expire, or the test clock past expiresOn`, reachable: true },
  REVOKED: { meaning: 'the payer canceled it in their bank (CANCELADA)', how: `${BANK} revoke on an ACTIVE mandate`, reachable: true },
  CANCELED: { meaning: 'ended with its subscription (CANCELADA)', how: 'PUT /v1/subscription/cancel of its subscription', reachable: true },
};

export const MANDATE_MACHINE: Machine<MandateStatus, MandateEvent, MandateDoc> = {
  resource: 'mandate', statuses: MANDATE_STATUSES, subsets: { live: LIVE_MANDATE, ended: ENDED_MANDATE }, rows, notes,
  insert: mandates.insert, update: mandates.update,
};
