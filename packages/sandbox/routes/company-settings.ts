// Sandbox only: a company's routes and split (schemas/company.ts).
import { assertSplitRules } from '../http/split-check.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { CompanySettings, CompanySettingsQuery, PutCompanySettingsBody } from '../schemas/company.js';
import { getCompanySettings, putCompanySettings } from '../store/company-settings.js';
import { SPLIT_RULES, beyondSchema } from '../http/beyond-schema.js';
import { releaseStandby } from '../domain/standby.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

export const companySettingsRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.get('/sandbox/v1/company/settings', {
    config: { auth: 'product.read' },
    schema: {
      tags: ['company'], summary: 'Sandbox only: the company\'s payment routes and split', security: SECURITY,
      description: 'A company that never set them has the default routes (provider_01 then provider_02, every brand, initial and recurring) and no split.',
      querystring: CompanySettingsQuery, response: { 200: CompanySettings, ...ERROR_RESPONSES },
    },
  }, async (request) => getCompanySettings(ctx.db, request.query.companyId));

  app.put('/sandbox/v1/company/settings', {
    config: { auth: 'product.write' },
    schema: {
      tags: ['company'], summary: 'Sandbox only: set the company\'s payment routes and/or split', security: SECURITY,
      description: 'routes replace the company\'s routes (an empty list leaves a payment with no product routes NO_PAYMENT_ROUTE); split replaces its split; standby true puts the merchant account on standby (approved captured payments of POST /v1/transaction STANDBY), false releases every STANDBY transaction of the company (PAID, payables made; transaction.updated). A member not sent is kept.' + beyondSchema(SPLIT_RULES),
      body: PutCompanySettingsBody, response: { 200: CompanySettings, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { companyId, routes, split, standby } = request.body;
    await assertSplitRules(ctx.db, split);
    return ctx.db.transaction(async (tx) => {
      const now = ctx.now(companyId);
      const settings = await putCompanySettings(tx, companyId, { ...(routes ? { routes } : {}), ...(split ? { split } : {}), ...(standby !== undefined ? { standby } : {}) }, now);
      // Off standby: the payments held meanwhile are released (STANDBY -> PAID, domain/standby.ts).
      if (standby === false) await releaseStandby(ctx, tx, companyId, now);
      return settings;
    });
  });
};
