// Alerts (2.6, 4.7).
import { Type } from 'typebox';
import { CompanyId, Timestamp } from './common.js';
import { ListQuery } from './list.js';
import { rowRef } from '../base/clock-rows.js';

export const ALERT_STATUSES = ['CREATED', 'ACKNOWLEDGEMENT', 'NOT_FOUND', 'REFUNDED', 'RESOLVED', 'ERROR_REFUNDED', 'ERROR', 'CANCELED', 'CHARGEBACK', 'DISPUTE'] as const;
export const ALERT_TYPES = ['NETWORK_A', 'NETWORK_B'] as const;

export const Alert = Type.Object({
  _id: Type.String(),
  companyId: Type.String(),
  externalReference: Type.Optional(Type.String()),
  status: Type.Enum([...ALERT_STATUSES]),
  type: Type.Enum([...ALERT_TYPES]),
  transactionId: Type.Optional(Type.String()),
  clientId: Type.Optional(Type.String()),
  respondBy: Type.Optional(Type.String({ format: 'date', description: `NETWORK_A raised by POST /sandbox/v1/alerts/raise: the last day to acknowledge or refund; CREATED after it, the test clock makes it a dispute (${rowRef('alertLapsed')})` })),
  payment: Type.Object({ bin: Type.Optional(Type.String()), last4: Type.Optional(Type.String()), paymentMethod: Type.String() }),
  info: Type.Object({ reason: Type.String(), network: Type.String() }),
  values: Type.Object({ amount: Type.Integer({ description: 'cents' }), currency: Type.Literal('BRL') }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

const Filters = {
  reference: Type.Optional(Type.String({ minLength: 1, description: 'externalReference' })),
  type: Type.Optional(Type.Enum([...ALERT_TYPES])),
  status: Type.Optional(Type.Enum([...ALERT_STATUSES])),
  card: Type.Optional(Type.String({ pattern: '^\\d{4}$', description: 'last four digits of the card' })),
};
export const AlertListQuery = ListQuery(Filters);
const { page: _page, limit: _limit, cursor: _cursor, ...exportProperties } = AlertListQuery.properties;
export const AlertExportQuery = Type.Object(exportProperties);
export const ResolveAlertBody = Type.Object({ companyId: CompanyId, alertId: Type.String({ minLength: 1 }) });
export const RaiseAlertBody = Type.Object({ companyId: CompanyId, transactionId: Type.String({ minLength: 1 }), type: Type.Enum([...ALERT_TYPES]), externalReference: Type.Optional(Type.String()) });
/** POST /sandbox/v1/alerts/raise: a network's alert, with its lifecycle (see Alert networks). */
export const RaiseNetworkAlertBody = Type.Object({
  companyId: CompanyId, type: Type.Enum([...ALERT_TYPES]),
  transactionId: Type.Optional(Type.String({ minLength: 1, description: 'the transaction the network names; none, or one the company does not have: the alert is NOT_FOUND' })),
  externalReference: Type.Optional(Type.String()),
});
export const WithdrawAlertBody = Type.Object({ companyId: CompanyId, alertId: Type.String({ minLength: 1 }) });
export const RespondAlertBody = Type.Object({ companyId: CompanyId, alertId: Type.String({ minLength: 1 }), action: Type.Enum(['acknowledge', 'refund']) });
