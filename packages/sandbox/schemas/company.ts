// A company's own payment settings (sandbox: the reference names company-level
// routes and split in 4.3 but shows no resource for them): the routes a payment
// uses when its product has none, and the split used when neither the
// transaction nor the product has an active one.
import { Type } from 'typebox';
import { CompanyId, Timestamp } from './common.js';
import { PaymentRoute } from './product.js';
import { Split } from './split.js';
import { oneRequired } from './rules.js';

export const CompanySettings = Type.Object({
  companyId: Type.String(),
  routes: Type.Array(PaymentRoute, { description: 'tried in order when a payment names no product, or its product has no routes' }),
  split: Type.Optional(Split),
  standby: Type.Optional(Type.Boolean({ description: 'true: the company\'s merchant account is on standby (as an account under verification): approved, captured payments of POST /v1/transaction are STANDBY, no payables; false releases them (STANDBY -> PAID, payables made). Absent: not on standby' })),
  updatedAt: Type.Optional(Timestamp),
});

export const CompanySettingsQuery = Type.Object({ companyId: CompanyId });
export const PutCompanySettingsBody = Type.Object({
  companyId: CompanyId,
  routes: Type.Optional(Type.Array(PaymentRoute)),
  split: Type.Optional(Split),
  standby: Type.Optional(Type.Boolean({ description: 'true: the company\'s merchant account is on standby (as an account under verification): approved, captured payments of POST /v1/transaction are STANDBY, no payables; false releases them (STANDBY -> PAID, payables made). Absent: not on standby' })),
}, oneRequired('routes', 'split', 'standby'));
