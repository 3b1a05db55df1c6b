// Products (4.2): POST /v1/product, 201.
import { ERROR_RESPONSES } from '../schemas/common.js';
import { CreateProductBody, Product } from '../schemas/product.js';
import { newId, products, type ProductDoc } from '../store/tables.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

export const productRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.post('/v1/product', {
    config: { auth: 'product.write' },
    schema: {
      tags: ['products'], summary: 'Create a product', security: SECURITY,
      description: 'The whole body of 2.1. Its charge rules (frequencyDays, deniedIntervalDays, maxDeniedAttempts), setting.limitOverdueCharges and unsubscription drive the subscriptions made from it.',
      body: CreateProductBody, response: { 201: Product, ...ERROR_RESPONSES },
    },
  }, async (request, reply) => {
    const at = ctx.now(request.body.companyId).toISOString();
    const product: ProductDoc = { active: true, deleted: false, ...request.body, _id: newId(), createdAt: at, updatedAt: at };
    reply.code(201);
    return products.insert(ctx.db, product);
  });
};
