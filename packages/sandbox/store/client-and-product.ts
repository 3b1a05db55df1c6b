// A charge or a v2 subscription names an existing client and product of its
// company; both missing are named at once (400 on clientId and productId).
import type { Queryable } from '../db/database.js';
import { fieldError, invalid } from '../base/errors.js';
import { clients, products, type ClientDoc, type ProductDoc } from './tables.js';

export async function clientAndProduct(db: Queryable, companyId: string, clientId: string, productId: string): Promise<{ client: ClientDoc; product: ProductDoc }> {
  const [client, product] = await Promise.all([clients.get(db, companyId, clientId), products.get(db, companyId, productId)]);
  return bothFound(client, product);
}

/** Both found, or the 400 naming each one missing. */
export function bothFound(client: ClientDoc | undefined, product: ProductDoc | undefined): { client: ClientDoc; product: ProductDoc } {
  if (client && product) return { client, product };
  throw invalid(...[
    !client && fieldError('clientId', 'clientId names no client of this company'),
    !product && fieldError('productId', 'productId names no product of this company'),
  ].filter((m) => m !== false));
}
