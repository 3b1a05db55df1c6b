// Products (4.2): POST /v1/product, 201. The sandbox also reads one back
// (GET /sandbox/v1/products/{productId}): the reference shows no product read, and a
// checkout needs its price and installment plans (the demo merchant reads them).
import { Type } from 'typebox';
import { forbidden, notFound } from '../base/errors.js';
import { assertSplitRules } from '../http/split-check.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { CreateProductBody, Product } from '../schemas/product.js';
import { newId, products, type ProductDoc } from '../store/tables.js';
import { SPLIT_RULES, beyondSchema } from '../http/beyond-schema.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

export const productRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.post('/v1/product', {
    config: { auth: 'product.write' },
    schema: {
      tags: ['products'], summary: 'Create a product', security: SECURITY,
      description: 'The whole body of 2.1. Its charge rules (frequencyDays, deniedIntervalDays, maxDeniedAttempts), setting.limitOverdueCharges and unsubscription drive the subscriptions made from it.' + beyondSchema(SPLIT_RULES),
      body: CreateProductBody, response: { 201: Product, ...ERROR_RESPONSES },
    },
  }, async (request, reply) => {
    await assertSplitRules(ctx.db, request.body.split);
    const at = ctx.now(request.body.companyId).toISOString();
    const product: ProductDoc = { active: true, deleted: false, ...request.body, _id: newId(), createdAt: at, updatedAt: at };
    reply.code(201);
    return products.insert(ctx.db, product);
  });

  app.get('/sandbox/v1/products/:productId', {
    config: { auth: 'product.read' },
    schema: {
      tags: ['products'], summary: 'Sandbox only: one product, as created', security: SECURITY,
      description: 'The reference shows no product read; a checkout reads the price and charge.paymentMethod[].installments plans here. Unknown: 404; a product of a company outside the credential: 403.',
      params: Type.Object({ productId: Type.String({ minLength: 1 }) }), response: { 200: Product, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const product = await products.getAny(ctx.db, request.params.productId);
    if (!product) throw notFound(`no product ${request.params.productId} in the sandbox`);
    if (!request.credential!.companies.includes(product.companyId)) throw forbidden(`product ${request.params.productId} belongs to another company: this credential has no access to it`);
    return product;
  });
};
