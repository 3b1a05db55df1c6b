// PIX and boleto (issue 27): the store's server-to-server calls for a payment without a card. The
// sandbox makes them as the API does (reference 4.4): a charge of the product for its price
// (POST /v1/charge, the one method chosen), then POST /v1/charge/pay with that method, which
// answers PENDING_PAYMENT with the PIX (QR, copy-paste code) or the boleto (digitable line, due
// date). The page shows that answer (svc.handleNextAction) and asks this server whether the
// charge is paid: a PAID transaction of the charge (GET /v1/transaction?chargeId=&status=PAID).
// In the sandbox the bank's payment is its action POST /sandbox/v1/charges/settle.

/** The sandbox's captcha stub accepts this token on POST /v1/charge/pay (the API's captcha rule). */
const SANDBOX_CAPTCHA_TOKEN = 'sandbox-captcha-ok';
/** The demo store's signed-in customer, who pays by PIX or boleto (the card form asks the card holder's CPF itself). */
export const STORE_CUSTOMER = { doc: '52998224725', email: 'cliente@cafedovale.example' };
/** A boleto's due date: 3 days after the day it is issued (the store's choice; a PIX lives until the next day, the sandbox's rule). */
const BOLETO_DAYS = 3;

const API_METHOD = { pix: 'PIX', boleto: 'BOLETO' };

async function call({ sandboxUrl, apiKey }, method, path, body) {
  const response = await fetch(`${sandboxUrl}${path}`, {
    method,
    headers: { apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

const clients = new Map(); // sandboxUrl -> the customer's client id, once known

/** The customer's client id: found by its CPF, else created (a race that loses the create finds it after). */
async function customerId(config) {
  const known = clients.get(config.sandboxUrl);
  if (known) return known;
  const find = async () => (await call(config, 'GET', `/v1/client?${new URLSearchParams({ companyId: config.companyId, search: STORE_CUSTOMER.doc })}`)).body?.items?.find((client) => client.doc === STORE_CUSTOMER.doc)?._id;
  let id = await find();
  if (!id) {
    const made = await call(config, 'POST', '/v1/client', { companyId: config.companyId, name: config.customerName, ...STORE_CUSTOMER });
    id = made.status === 200 ? made.body._id : await find();
  }
  if (!id) throw new Error('the store\'s customer could not be made in the sandbox');
  clients.set(config.sandboxUrl, id);
  return id;
}

const dayAfter = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A PIX or boleto (`method`: pix or boleto) for the product at `cents` (its price: paid at once,
 * no installments): resolves the sandbox's status and body of POST /v1/charge/pay, or of the
 * charge's creation when that failed.
 */
export async function createSlip(config, method, cents) {
  const paymentMethod = API_METHOD[method];
  const charge = await call(config, 'POST', '/v1/charge', {
    companyId: config.companyId, clientId: await customerId(config), productId: config.productId,
    // amount is BRL as a decimal (reference 4.4); cents / 100 is exact for the sandbox's half-up rounding.
    amount: cents / 100, dueDate: dayAfter(BOLETO_DAYS), paymentMethods: [paymentMethod], description: config.customerName,
  });
  if (charge.status !== 200) return charge;
  return call(config, 'POST', '/v1/charge/pay', { _id: charge.body._id, companyId: config.companyId, paymentMethod, captchaToken: SANDBOX_CAPTCHA_TOKEN });
}

/** The PAID transaction of the charge `chargeId`, or undefined while it waits; rejects when the sandbox cannot say. */
export async function paidTransaction(config, chargeId) {
  const query = new URLSearchParams({ companyId: config.companyId, chargeId, status: 'PAID', limit: '1' });
  const answer = await call(config, 'GET', `/v1/transaction?${query}`);
  if (answer.status !== 200) throw new Error(`GET /v1/transaction answered ${answer.status}`);
  return answer.body.items[0];
}
