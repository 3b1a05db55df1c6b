// The order's one charge (API reference 4.4): made on the first payment request of the order, for
// the order's amount and the product sold, listing every method the product offers; every payment
// of the order, card, PIX or boleto, is POST /v1/charge/pay on it (order-payment.mjs). So a PIX
// issued and then left for the card is the same charge: once the card pays it, the bank's settle of
// that PIX is refused ("the charge is already paid"), and one order is never paid twice.
import { STORE_CUSTOMER } from './store-customer.mjs';

/** A boleto's due date: 3 days after the order's charge is made (the store's choice; a PIX lives until the next day, the sandbox's rule). */
const BOLETO_DAYS = 3;
const dayAfter = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const customers = new Map(); // sandboxUrl -> the customer's client id, once known

/** The customer's client id: found by its CPF, else created (the key makes a retried create one client). */
export async function customerId(api, { sandboxUrl, companyId, customerName }) {
  const known = customers.get(sandboxUrl);
  if (known) return known;
  const find = async () => (await api.GET('/v1/client', { params: { query: { companyId, search: STORE_CUSTOMER.doc } } })).items.find((client) => client.doc === STORE_CUSTOMER.doc)?._id;
  const id = (await find()) ?? (await api.POST('/v1/client', {
    body: { companyId, name: customerName, ...STORE_CUSTOMER },
    headers: { 'Idempotency-Key': `customer:${companyId}:${STORE_CUSTOMER.doc}` },
  }))._id;
  customers.set(sandboxUrl, id);
  return id;
}

const making = new WeakMap(); // order -> the charge being made: two first requests make one charge

/** The order's charge id, made once (Idempotency-Key `<order>:charge`: a retry after a lost answer is the same charge). */
export function orderCharge(api, config, orders, order) {
  if (order.chargeId) return Promise.resolve(order.chargeId);
  if (!making.has(order)) {
    const made = (async () => {
      const charge = await api.POST('/v1/charge', {
        body: {
          companyId: config.companyId, clientId: await customerId(api, config), productId: config.productId,
          // amount is BRL as a decimal (reference 4.4); cents / 100 is exact for the sandbox's half-up rounding.
          amount: order.cents / 100, dueDate: dayAfter(BOLETO_DAYS), description: `${config.customerName}: order ${order.id}`,
        },
        headers: { 'Idempotency-Key': `${order.id}:charge` },
      });
      orders.attachCharge(order, charge._id);
      return charge._id;
    })();
    making.set(order, made);
    made.catch(() => making.delete(order)); // not made: the next request tries again, with the same key
  }
  return making.get(order);
}
