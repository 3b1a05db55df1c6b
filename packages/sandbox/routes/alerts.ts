// Alerts (4.7): list, exports (streamed, at most 100,000), resolve; and a
// sandbox-only call that raises one on a transaction.
import { Type } from 'typebox';
import { raiseAlert } from '../billing/alerts.js';
import type { Filter } from '../db/list.js';
import { Alert, AlertExportQuery, AlertListQuery, RaiseAlertBody, RaiseNetworkAlertBody, ResolveAlertBody, RespondAlertBody, WithdrawAlertBody } from '../schemas/alert.js';
import { raiseNetworkAlert, respondToAlert, withdrawAlert } from '../domain/alert-networks.js';
import { ALERT_WINDOW_DAYS } from '../domain/states/alert.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { findTransaction } from '../store/find-transaction.js';
import { alerts } from '../store/tables.js';
import { move } from '../domain/states/machine.js';
import { ALERT_MACHINE } from '../domain/states/alert.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';
import { listAndExport } from './list-and-export.js';
import { lockedAction } from './locked-action.js';
import { rowRef } from '../base/clock-rows.js';

export const ALERT_EXPORT_MAX = 100_000;

const filtersOf = (q: { reference?: string; type?: string; status?: string; card?: string }): Filter[] => [
  ...(q.reference ? [["data->>'externalReference' = ?", q.reference] as Filter] : []),
  ...(q.type ? [['type = ?', q.type] as Filter] : []),
  ...(q.status ? [['status = ?', q.status] as Filter] : []),
  ...(q.card ? [["data->'payment'->>'last4' = ?", q.card] as Filter] : []),
];

const ALERT = { table: alerts, noun: 'alert', idField: 'alertId' } as const;

export const alertRoutes: ResourceRoutes = async (app, { ctx }) => {
  listAndExport(app, ctx, {
    path: '/v1/alert', table: 'alerts', auth: 'alert.read', tag: 'alerts', item: Alert,
    listSummary: 'List alerts', listQuery: AlertListQuery,
    exportSummary: 'Export alerts (a JSON array, at most 100,000), streamed', exportQuery: AlertExportQuery, exportMax: ALERT_EXPORT_MAX,
    filtersOf,
  });

  lockedAction(app, ctx, {
    url: '/v1/alert/update/resolved', auth: 'alert.write', tag: 'alerts', summary: 'Mark an alert RESOLVED',
    description: 'From any status; resolving a RESOLVED alert again changes nothing. Unknown: 404; another company\'s: 403.',
    body: ResolveAlertBody, answer: Type.Object({}), record: ALERT,
    act: async (tx, alert, { companyId }) => {
      if (alert.status !== 'RESOLVED') await move(ALERT_MACHINE, tx, alert, 'resolved', ctx.now(companyId), { field: 'alertId' });
      return {};
    },
  });

  app.post('/sandbox/v1/alerts', {
    config: { auth: 'alert.write' },
    schema: {
      tags: ['alerts'], summary: 'Sandbox only: raise a NETWORK_A or NETWORK_B alert on a transaction', security: SECURITY,
      description: 'The service\'s own answer, at once (for the network\'s lifecycle see POST /sandbox/v1/alerts/raise). As the test cards 4000000000000259 (NETWORK_A) and 4000000000001976 (NETWORK_B) do on payment. NETWORK_A refunds the transaction (CANCELED; the alert REFUNDED) and ends its charge and subscription (CANCELED_ALERT_NETWORK_A); NETWORK_B moves nothing. One alert per transaction and type: raising it again (the same day or later, resolved or not) answers the alert already there and moves nothing, emits nothing.',
      body: RaiseAlertBody, response: { 200: Alert, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { companyId, transactionId, type, externalReference } = request.body;
    return ctx.db.transaction(async (tx) => raiseAlert(ctx, tx, await findTransaction(tx, [companyId], { transactionId }), type, externalReference));
  });

  app.post('/sandbox/v1/alerts/raise', {
    config: { auth: 'alert.write' },
    schema: {
      tags: ['alerts'], summary: 'Sandbox only: a network sends an alert, with its lifecycle (see Alert networks)', security: SECURITY,
      description: `NETWORK_A (Ethoca-like): CREATED with respondBy ${ALERT_WINDOW_DAYS} days on the test clock; POST /sandbox/v1/alerts/respond acknowledges or refunds it; still CREATED the day after respondBy, the test clock makes it DISPUTE and the transaction DISPUTE (${rowRef('alertLapsed')}). NETWORK_B (Verifi RDR-like): the transaction refunded at once (CANCELED, the alert REFUNDED), or both ERROR_REFUNDED when its provider has a refund_refused fault (POST /sandbox/v1/faults). No transactionId, or one the company has no transaction for: an alert NOT_FOUND (no 404). A transaction that is not PAID: 409 conflict on transactionId. One alert per transaction and type: raised again, the alert already there is answered, nothing moves.`,
      body: RaiseNetworkAlertBody, response: { 200: Alert, ...ERROR_RESPONSES },
    },
  }, async (request) => ctx.db.transaction(async (tx) => raiseNetworkAlert(ctx, tx, request.body)));

  lockedAction(app, ctx, {
    url: '/sandbox/v1/alerts/respond', auth: 'alert.write', tag: 'alerts', summary: 'Sandbox only: the merchant answers an alert\'s network (acknowledge, or refund)',
    description: 'acknowledge: CREATED -> ACKNOWLEDGEMENT (the clock makes no dispute of it). refund: CREATED or ACKNOWLEDGEMENT -> REFUNDED, its transaction refunded (CANCELED; its charge and subscription CANCELED_ALERT_NETWORK_A). A status the alert or transaction table does not move this way: 409 conflict on alertId, nothing changed. Unknown: 404; another company\'s: 403.',
    body: RespondAlertBody, answer: Alert, record: ALERT,
    act: (tx, alert, { action }) => respondToAlert(ctx, tx, alert, action),
  });

  lockedAction(app, ctx, {
    url: '/sandbox/v1/alerts/withdraw', auth: 'alert.write', tag: 'alerts', summary: 'Sandbox only: the network withdraws an alert\'s notice',
    description: 'As an issuer does when the cardholder recognises the purchase: CREATED or ACKNOWLEDGEMENT -> CANCELED; its transaction is left as it is, and the test clock makes no dispute of it. Another status: 409 conflict on alertId, nothing changed. Unknown: 404; another company\'s: 403.',
    body: WithdrawAlertBody, answer: Alert, record: ALERT,
    act: (tx, alert) => withdrawAlert(ctx, tx, alert),
  });
};
