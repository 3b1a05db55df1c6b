// Sandbox only: what a recipient company is owed (schemas/payable.ts), the
// payables of its own and others' transactions that name it in their split.
import { listPage, scopeOf, type Filter } from '../db/list.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { Page } from '../schemas/list.js';
import { Payable, PayableListQuery } from '../schemas/payable.js';
import { LIST_CURSOR, beyondSchema } from '../http/beyond-schema.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

export const payableRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.get('/sandbox/v1/payables', {
    config: { auth: 'transaction.read' },
    schema: {
      tags: ['transactions'], summary: 'Sandbox only: the payables owed to a recipient company', security: SECURITY,
      description: 'companyId is the recipient (default: every company of the credential). Filters: transactionId, status. Paginated like the other lists.' + beyondSchema(LIST_CURSOR),
      querystring: PayableListQuery, response: { 200: Page(Payable), ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { transactionId, status, companyId } = request.query;
    const filters: Filter[] = [];
    if (transactionId) filters.push(['transaction_id = ?', transactionId]);
    if (status) filters.push(['status = ?', status]);
    return listPage(ctx.db, 'payables', scopeOf(request.credential!.companies, companyId), request.query, filters);
  });
};
