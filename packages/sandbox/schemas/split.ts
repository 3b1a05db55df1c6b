// The split of a payment among recipient companies (4.3): on a transaction,
// a product (sandbox) or a company's settings (sandbox).
import { Type } from 'typebox';
import { activeSplit } from './rules.js';

export const Split = Type.Object({
  active: Type.Optional(Type.Boolean()),
  rules: Type.Optional(Type.Array(Type.Object({
    companyId: Type.String({ minLength: 1, description: 'recipient company' }),
    percentage: Type.Number({ minimum: 0, maximum: 100 }),
    chargeProcessingFee: Type.Optional(Type.Boolean()),
    chargeRecipientProcessingFee: Type.Optional(Type.Boolean()),
  }))),
}, { description: 'When active, takes priority over the split of the product or company', ...activeSplit() });

/** Where a paid transaction's split came from (domain/split/choose.ts): the first active one in this order, else none. */
export const SPLIT_SOURCES = ['transaction', 'product', 'company', 'none'] as const;
