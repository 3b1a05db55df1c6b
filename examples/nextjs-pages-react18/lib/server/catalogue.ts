// What a charge names besides its amount (the same file in each example shop): the product sold
// and the customer who pays (POST /v1/charge takes a productId and a clientId). A real shop makes
// its catalogue once and keeps the ids, and knows its customer from the sign-in; this one makes
// the product at its first order (once per process) and finds or makes its one customer.
import type { SvcClient } from '@svc-card/client';
import { CUSTOMER, ORDER } from './shop';

export interface Catalogue { productId: string; clientId: string }

let made: Promise<Catalogue> | undefined;

/** The product and the customer, made once per process (tried again after a failure). */
export function catalogue(api: SvcClient, companyId: string): Promise<Catalogue> {
  made ??= make(api, companyId).catch((error: unknown) => {
    made = undefined;
    throw error;
  });
  return made;
}

async function make(api: SvcClient, companyId: string): Promise<Catalogue> {
  const product = await api.POST('/v1/product', {
    body: {
      companyId,
      // BRL as a decimal (reference 4.2): cents / 100, which the service rounds back to the same cents.
      product: { title: ORDER.description, price: ORDER.cents / 100, warranty: 7 },
      // Sold once (frequencyDays 0), by card in one payment.
      charge: { frequencyDays: 0, deniedIntervalDays: 0, maxDeniedAttempts: 0, invoiceIdentification: 'COFFEE', paymentMethod: [{ type: 'CREDIT_CARD', active: true, installments: [{ installment: 1 }] }] },
      unsubscription: { type: 'NEVER' },
    },
  });
  return { productId: product._id, clientId: await customerId(api, companyId) };
}

/** The customer's client id: found by the document, else made (a document names one client per company). */
async function customerId(api: SvcClient, companyId: string): Promise<string> {
  const find = async () => {
    const page = await api.GET('/v1/client', { params: { query: { companyId, search: CUSTOMER.doc } } });
    return page.items.find((client) => client.doc === CUSTOMER.doc)?._id;
  };
  const found = await find();
  if (found) return found;
  try {
    return (await api.POST('/v1/client', { body: { companyId, ...CUSTOMER } }))._id;
  } catch (error) {
    // Made meanwhile by a request racing this one: the document is taken, the client exists.
    const raced = await find();
    if (raced) return raced;
    throw error;
  }
}
