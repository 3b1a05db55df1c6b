// The description's section on provider routes, connectors and faults; the
// skip rules come from the table the router runs on (domain/payments/routing.ts).
import { PROVIDER_TIMEOUT_MS } from '../../domain/payments/simulated-acquirer.js';
import { ROUTE_RULES } from '../../domain/payments/routing.js';
import { MAX_FAULT_DELAY_MS } from '../../schemas/faults.js';
import { DEFAULT_COMPANY_ROUTES } from '../../store/company-settings.js';
import { rowRef } from '../../base/clock-rows.js';

const rules = Object.entries(ROUTE_RULES).map(([rule, meaning]) => `| ${rule} | ${meaning} |`).join('\n');
const defaults = DEFAULT_COMPANY_ROUTES.map((r) => `${r.id} (${r.name}, order ${r.order})`).join(' then ');

export const ROUTING_SECTION = `
## Provider routes: which acquirer carries a card payment

Every card payment (POST /v1/transaction, POST /v1/subscription, POST /v1/charge/pay, the test clock's renewals and retries) walks a list of routes, as Hyperswitch's priority routing does. Each of provider_01 ... provider_16 is a simulated acquirer behind one connector interface (authorize, capture, refund); the provider decides whether the payment could be asked, the test card decides the issuer's answer. PIX and boleto are issued by the sandbox's bank and take no route.

- **Whose routes.** The product's \`charge.routes\` when the payment names a product (the subscription's product, the paid charge's productId) and the list is not empty; otherwise the company's routes (GET/PUT /sandbox/v1/company/settings). A new company has ${defaults}, for every brand, initial and recurring. An empty list of company routes leaves such payments NO_PAYMENT_ROUTE.
- **Modality.** \`initial\`: a one-off transaction, a subscription's first payment, and POST /v1/charge/pay of a charge that is not a renewal (a charge without subscription or the subscription's first, sequence 1), whoever retries it. \`recurring\`: every attempt the test clock makes (renewals and their retries) and POST /v1/charge/pay of a renewal charge (sequence 2 and on).
- **Order.** Routes by \`order\` ascending; a route without \`order\` after those with one; equal orders keep the list's order.
- **Skipped routes** (each rule is checked in this order, the first that holds is the one reported):

| rule | the route is skipped when |
|---|---|
${rules}

  Brands are the checkout element's ids (visa, mastercard, elo, amex, hipercard, hiper, diners, discover, jcb, aura, cabal; \`other\` for a number none matches, which only a route with \`all: true\` takes).
- **Failover.** The routes left are asked in order. The issuer's answer ends the walk: approved (PAID, or AUTHORIZED with capture false) or declined (DECLINED; a decline is never retried on another route, as an issuer's refusal would be the same there). A provider failure is soft and fails over to the next route: the provider is unavailable, or gives no answer within ${PROVIDER_TIMEOUT_MS} ms. The provider's own refusals once it has taken the payment end the walk too, as a decline does: a processing error (ERROR_PAYMENT, test card 4000000000000119) and card data the acquirer refuses (INVALID_PAYMENT, 4000000000000127); so does a provider that takes the payment and answers later (a \`delayed\` fault: trace outcome \`pending\`, the transaction PROCESSING until the test clock settles it, ${rowRef('processingSettled')}). A card the antifraud blocks (BLOCKED, 4100000000000019) reaches no route: no acquirer, no routing.
- **No route left** (none takes the payment, or every one that does failed): the transaction is NO_PAYMENT_ROUTE with a message saying which, no acquirer data and a sandbox tid; the charge paid is NO_PAYMENT_ROUTE (still payable: pay it again once a route takes it), and so is the subscription of a first payment or a renewal.
- **What the transaction records.** \`acquirer\`: provider (the route id), integrationId, name, tid (the provider's transaction id, also the transaction's \`tid\`), nsu (9 digits), authorizationCode (6 digits, approved only) and the provider's message. \`routing\`: source (product or company), brand, modality, and every route in the order tried with its outcome: approved, declined, failed (with the reason and elapsedMs), skipped (with the rule) or not_tried.
- **Capture and refund** go to the provider that authorized the payment; the simulated ones always succeed (faults are about authorizations).

### Faults (sandbox only)

POST /sandbox/v1/faults makes a provider of the company fail for \`seconds\` of its test clock (from now, or \`startsInSeconds\` later): \`unavailable\` (refuses at once), \`timeout\` (no answer: the sandbox gives up at once rather than waiting ${PROVIDER_TIMEOUT_MS} ms, and reports the timeout), \`slow\` with \`delayMs\` 1 to ${MAX_FAULT_DELAY_MS} (answers after it; above ${PROVIDER_TIMEOUT_MS} ms it times out after waiting ${PROVIDER_TIMEOUT_MS} ms). Two faults in force on one provider: the one made last applies. GET /sandbox/v1/faults lists them, DELETE /sandbox/v1/faults ends one (faultId) or all. Faults are the company's own: other companies' payments are not touched.
`.trim();
