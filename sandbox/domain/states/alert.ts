// The alert's statuses (2.6) and its transition table.
import { alerts, type AlertDoc } from '../../store/tables.js';
import { ALERT_STATUSES } from '../../schemas/alert.js';
import { NEW, type Machine, type Row, type StatusNote } from './machine.js';

export type AlertStatus = AlertDoc['status'];
export type AlertEvent = 'raised' | 'resolved';

const rows: Row<AlertStatus, AlertEvent>[] = [
  { event: 'raised', from: NEW, to: 'REFUNDED', effects: 'the transaction refunded (CANCELED); its charge and subscription CANCELED_ALERT_NETWORK_A', emits: 'alert.created', by: 'NETWORK_A on a PAID or AUTHORIZED transaction: the test card 4000000000000259, POST /sandbox/v1/alerts' },
  { event: 'raised', from: NEW, to: 'CREATED', effects: 'NETWORK_A with nothing left to refund: its subscription still ends; NETWORK_B: nothing', emits: 'alert.created', by: 'NETWORK_B (the test card 4000000000001976, POST /sandbox/v1/alerts), NETWORK_A on a transaction with nothing to refund' },
  { event: 'resolved', from: ALERT_STATUSES.filter((s) => s !== 'RESOLVED'), to: 'RESOLVED', effects: 'none', emits: 'alert.updated', by: 'POST /v1/alert/update/resolved (a RESOLVED alert again: nothing changes, no event)' },
];

const not = (why: string): StatusNote => ({ meaning: 'not given by the sandbox', how: why, reachable: false });
const notes: Record<AlertStatus, StatusNote> = {
  CREATED: { meaning: 'a notice the merchant has to act on', how: 'POST /sandbox/v1/alerts type NETWORK_B; the test card 4000000000001976', reachable: true },
  REFUNDED: { meaning: 'the transaction was refunded for it', how: 'POST /sandbox/v1/alerts type NETWORK_A on a paid transaction; the test card 4000000000000259', reachable: true },
  RESOLVED: { meaning: 'the merchant marked it handled', how: 'POST /v1/alert/update/resolved', reachable: true },
  ACKNOWLEDGEMENT: not('no acknowledgement call yet'),
  NOT_FOUND: not('alerts are raised on a transaction of the company only'),
  ERROR_REFUNDED: not('refunds always succeed yet'),
  ERROR: not('no meaning in the sandbox yet'),
  CANCELED: not('no meaning in the sandbox yet'),
  CHARGEBACK: not('no disputes yet'),
  DISPUTE: not('no disputes yet'),
};

export const ALERT_MACHINE: Machine<AlertStatus, AlertEvent, AlertDoc> = {
  resource: 'alert', statuses: ALERT_STATUSES, subsets: {}, rows, notes,
  insert: alerts.insert, update: alerts.update,
};
