// Sandbox only: inject provider faults for a span of the company's test clock
// and watch payments fail over (the routing trace on each transaction).
import { Type } from 'typebox';
import { clearFaults, insertFault, listFaults } from '../domain/payments/faults.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { ClearFaultsQuery, CreateFaultBody, Fault, FaultListQuery } from '../schemas/faults.js';
import { newId } from '../store/tables.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

export const faultRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.post('/sandbox/v1/faults', {
    config: { auth: 'transaction.write' },
    schema: {
      tags: ['provider faults'], summary: 'Sandbox only: make a provider fail for a while', security: SECURITY,
      description: 'From the company\'s now (plus startsInSeconds) for seconds, on its test clock, every authorization the company sends to providerId meets the fault: unavailable and timeout fail over to the next route, slow answers after delayMs (a timeout above 5,000 ms). Issuer declines never fail over.',
      body: CreateFaultBody, response: { 200: Fault, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { companyId, providerId, kind, delayMs, seconds, startsInSeconds = 0 } = request.body;
    const now = ctx.now(companyId);
    const startsAt = new Date(now.getTime() + startsInSeconds * 1000);
    return insertFault(ctx.db, {
      _id: `flt_${newId()}`, companyId, providerId: providerId as string, kind, ...(delayMs !== undefined ? { delayMs } : {}),
      startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + seconds * 1000).toISOString(), createdAt: now.toISOString(),
    });
  });

  app.get('/sandbox/v1/faults', {
    config: { auth: 'transaction.read' },
    schema: { tags: ['provider faults'], summary: 'Sandbox only: the company\'s faults, past and to come', security: SECURITY, querystring: FaultListQuery, response: { 200: Type.Array(Fault), ...ERROR_RESPONSES } },
  }, async (request) => listFaults(ctx.db, request.query.companyId));

  app.delete('/sandbox/v1/faults', {
    config: { auth: 'transaction.write' },
    schema: {
      tags: ['provider faults'], summary: 'Sandbox only: end the company\'s faults (one, or all)', security: SECURITY,
      querystring: ClearFaultsQuery, response: { 200: Type.Object({ removed: Type.Integer({ minimum: 0 }) }), ...ERROR_RESPONSES },
    },
  }, async (request) => ({ removed: await clearFaults(ctx.db, request.query.companyId, request.query.faultId) }));
};
