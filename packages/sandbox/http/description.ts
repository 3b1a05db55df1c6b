// The description's introduction: where the reference says "not shown", what
// the sandbox chose. Each rule is stated once, here (README points to it).
import { testCardsMarkdown } from '../payment/test-cards-table.js';
import { AUTHORIZATION_DAYS } from '../schemas/transaction.js';
import { MAX_INSTALLMENTS } from '../schemas/common.js';
import { ROUTING_SECTION } from './docs/routing.js';
import { SPLIT_DOCS } from './docs/split.js';
import { IDEMPOTENCY_SECTION } from './docs/idempotency.js';
import { PRODUCT_RULES } from './docs/product-rules.js';
import { MONEY_MOVES } from './docs/money-moves.js';
import { TENANTS_SECTION } from './docs/tenants.js';
import { CONFORMANCE_SECTION } from './docs/conformance.js';
import { STATES_SECTION } from './docs/states.js';
import { EVENTS_SECTION } from './docs/events.js';
import { PROCESSES_SECTION } from './docs/processes.js';
import { THREE_DS_SECTION } from './docs/three-ds.js';
import { ALERT_NETWORKS_SECTION } from './docs/alert-networks.js';
import { LISTS_SECTION } from './docs/lists.js';
import { BILLING_STATUSES_SECTION } from './docs/billing-statuses.js';
import { MERCHANT_ANSWERS_SECTION } from './docs/merchant-answers.js';
import { PIX_AUTOMATIC_SECTION } from './docs/pix-automatic.js';
import { CLOCK_SECTION } from './docs/clock.js';
import { rowRef } from '../base/clock-rows.js';

export const DESCRIPTION = `
Local sandbox of the payments API reference (parts 2 to 8). Code written against it should work against the sandbox address of the service unchanged.

Choices where the reference says "not shown":

- Success statuses: 201 for POST /v1/product (as 4.2 says), 200 for every other success.
- Not found: 404 with code \`not_found\` in the part-7 body; a record of another company is 403 forbidden (see "The description is the contract").
- Body problems (wrong Content-Type, bodies over 64 KiB (1 MiB for POST /v1/subscription/list, whose 1,000 items need it), invalid JSON, bytes that are not UTF-8 (JSON is UTF-8, RFC 8259: a Latin-1 "ç" is refused, never stored changed)) are 400 SchemaValidationException with a message naming the problem; \`application/json-seq\` and every other type than \`application/json\` is refused. A query parameter whose %XX escapes are not UTF-8 (a Latin-1 %E7) is 400 on that parameter (location query); a \`%\` not followed by two hex digits is read as text.
- Unknown body fields are ignored.
- Slow clients: the request (headers and body) must arrive within 10 seconds, or the connection is answered 408 (code request_timeout) and closed; never a second answer after a refusal sent before the body arrived.
- Requests that reach no route are refused in the part-7 body too, with a status every operation lists: 400 SchemaValidationException when the request line, headers or framing cannot be read as HTTP/1.1 (path "" when no path was read), for an HTTP/1.1 request without Host, and for a path that is not valid percent-encoded UTF-8; 431 headers_too_large for headers over 16 KiB. Any method without a route, CONNECT included, is 404 not_found. An Expect other than 100-continue is ignored (no 417).
- Token refusals are 400 with the decryptor's code (TOKEN_EXPIRED, TOKEN_REUSED, ...) and a field item on \`token\`; a replay store that is down is 503 REPLAY_STORE_UNAVAILABLE, and a decrypt worker that stopped 503 DECRYPTOR_UNAVAILABLE (fail closed; the token stays unused).
- Credentials: sandbox apiKey ids start with \`sbx_\`; a production-shaped apiKey, or a JWT not issued by the sandbox, is 401 "not a sandbox credential". When both headers are sent, apiKey decides.
- Company scope: \`companyId\` / \`companyIds\` of the body and the query, a list or comma-separated; each must be one of the credential's companies (403, decided before the body is validated). A \`companyId\` typed as one company (the owner of what a request makes, moves or reads) names one: with a comma it is 400 on companyId; only the lists' companyId filter takes several. POST /v1/charge/pay has no credential: a charge of another company is not found there (400 on _id).
- POST /v1/charge/pay: the captcha stub accepts \`captchaToken\` "sandbox-captcha-ok" only (401 otherwise).
- Installments (POST /v1/transaction, POST /v1/subscription, POST /v1/charge/pay): default 1, at most ${MAX_INSTALLMENTS} (part 8 gives only the default; Brazilian acquirers stop at ${MAX_INSTALLMENTS}), returned on the transaction and the subscription; renewals keep the subscription's count. 1 (paying at once) is always accepted; more only with CREDIT_CARD (DEBIT_CARD, PIX and BOLETO: 400 on installments). When the payment names a product (the subscription's product.id, the paid charge's productId) whose charge.paymentMethod entry for CREDIT_CARD lists installments, the count must be one of those plans' \`installment\` (400 on installments naming the offered counts); POST /v1/transaction names no product, so 1 to 12. The count never changes the amount: the transaction's amount is what the merchant is paid; a plan's fee (read as percent of the order amount over the whole plan), installmentAmount and totalAmount (BRL decimals, like product.price) are what the shopper is shown, not charged by the sandbox.
- Fraud review of a charge's payment (the reference lists IN_ANALYSIS among a transaction's statuses and gives a charge none like it): the fraud-review test card holds the shopper's card payment for review on POST /v1/charge/pay as on POST /v1/transaction. The answer is the transaction IN_ANALYSIS and the charge as it was (ACTIVE: not paid yet, no charge event), as a payment waiting for 3-D Secure or for its provider leaves it: nothing is taken until the review decides. Approved (POST /sandbox/v1/transactions/review), the transaction is PAID and the charge PAID (transaction.updated, charge.paid); denied (the action, or the test clock after review.dueBy), DECLINED and the charge's failed attempt (attempts + 1, its status left, charge.payment_failed), payable again. The charge stays payable meanwhile (a shopper may give up and pay by PIX); an approval after it was paid another way is voided (CANCELED, held_voided): one order is paid once. A subscription's own payment (POST /v1/subscription, the test clock's renewals) is not held: the card is PAID there, as before.
- Test cards: the card number decides (the table in "Test cards" below; any holder and security code). card.brand on a transaction is the brand the checkout element detects for the number (\`other\` when none). Any other number, or an expiration before the current month, DECLINED.
- POST /v1/transaction with \`capture: false\` answers AUTHORIZED, with captureBefore: capture it within ${AUTHORIZATION_DAYS} days or the authorization lapses (CANCELED, clock ${rowRef('authorizationLapsed')}).
- Lists: page, limit, sort.direction, sort.property, range.start, range.end, companyId (default: all of the credential's companies), plus each resource's filters; query_count is the number of items in the page. Exports take the same filters without pages and stream one JSON array.
- Alerts: one per transaction and type; raising it again (the same day or later, resolved or not) answers the alert already there, with no new event or move.
- Webhooks (part 6 shows none): POST /sandbox/v1/webhooks; events (those the webhook's credential may read: "Tenants kept apart") are POSTed signed with svc-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>, retried after 1, 2, 4, 8 and 16 s; GET /sandbox/v1/webhooks/deliveries shows every answer, for the events the credential may read, paged newest first (limit, and the last one's _id as after). Deliveries run on the company's test clock: a delivery is made and due at its event's time (the deliveries list is newest first by that time, then by the order the events were made; deliveries run concurrently, so a receiver orders by createdAt), answers and nextAttemptAt are stamped with the clock's time, and advancing the clock brings due every retry it passes. The signature's t is the real time (receivers compare it with their own clock).
- PIX and BOLETO: POST /v1/charge/pay without a card answers PENDING_PAYMENT with pix {brCode, qrCodeImage (the BR Code's QR as a PNG data URL), txid, and the sandbox's location, expiresIn, amount (cents)} or boleto {barcode, digitableLine, dueDate}; the charge keeps it as \`slip\` {paymentMethod, issuedAt, expiresOn} until it is paid or expires. A PIX is taken until the day after it was issued, a boleto until its due date (today when the charge is past due). A boleto carries at most R$ 99,999,999.99 (its value field has 10 digits of cents): BOLETO for more is refused on paymentMethod (POST /v1/subscription, POST /v1/charge/pay, and the bank's POST /sandbox/v1/charges/settle); PIX takes every amount. POST /sandbox/v1/charges/settle plays the bank paying it; POST /sandbox/v1/charges/expire, or the test clock the day after expiresOn (${rowRef('slipExpired')}), lets it expire. The reference has no EXPIRED status (2.2, 2.3), so an expiry is a transaction of that method with status DISCARDED ("Expired unpaid (PIX)"), counted as the charge's failed attempt with a declined card's events (transaction.created, charge.payment_failed); while it waits the charge is PENDING_PAYMENT, and its expiry makes it ACTIVE again ("Billing statuses"); it can be paid again (a fresh slip). Unpaid, the test clock makes the charge OVERDUE (${rowRef('overdue')}).
- A charge's PIX is dynamic, as PSPs issue it (the sandbox's extension; the reference leaves the PIX unshown, 4.4): a cob of the Banco Central's API Pix with its txid (35 letters and digits), its expiry (expiresIn: seconds to the end of the day after issue, UTC) and a payload location. The BR Code (Manual de Padrões para Iniciação do Pix) has field 01 "12" (used once), the location in 26-25 without scheme and no key, no amount (field 54: the payload carries it; the answer's pix.amount too), 62-05 "***". The location is GET /sandbox/v1/pix/{chargeId}.{stamp} on the host the request reached: a JWS (PS256, its key at GET /sandbox/v1/pix-jwks) of the cob's payload, status ATIVA while it waits, CONCLUIDA paid, REMOVIDA_PELO_USUARIO_RECEBEDOR removed by the merchant (POST /sandbox/v1/charges/remove-pix), REMOVIDA_PELO_PSP for every other end (expired, replaced, the charge held or ended): the sandbox, as the PSP, withdraws an expired cob rather than leave it ATIVA past its calendario, so a bank never pays one. A host too long for the 77-character location is refused (400 naming Host).
- A boleto carries a PIX, as Brazilian banks issue it since 2025 ("boleto híbrido", bolepix; the sandbox's extension): BOLETO's answer has, beside boleto {barcode, digitableLine, ...}, pix {brCode, qrCodeImage, txid, location, expiresIn, amount} for the same charge. Its cob is a cobrança com vencimento (cobv) of the API Pix: its location is GET /sandbox/v1/cobv/{chargeId}.{stamp} (calendario.dataDeVencimento the boleto's due date, validadeAposVencimento 0: taken until the end of the due date, UTC, as the boleto, so expiresIn runs to then; devedor the boleto's payer), and the charge's slip keeps its txid. Either settles it, once: POST /sandbox/v1/charges/settle with paymentMethod BOLETO (the line; the cobv then answers REMOVIDA_PELO_PSP) or PIX (its QR or copy-paste code; the cobv CONCLUIDA, charge.pixCob). One PAID transaction of the method that paid (a boleto paid by its PIX is a PIX transaction: PIX's fee and payout day, as the bank credited it), one transaction.created and one charge.paid; the other way is then refused (400 on chargeId: the charge is already paid). The boleto's expiry, replacement or the charge's end withdraws its PIX with it (REMOVIDA_PELO_PSP); POST /sandbox/v1/charges/remove-pix removes a PIX paid as PIX, not a boleto's.
- Charges: amount in BRL decimal, stored as cents rounded half up on the decimal as written (0.285 -> 29); optional paymentMethods and cardAuth.
- Statuses after a move: capture AUTHORIZED -> PAID; cancel PAID, AUTHORIZED or ERROR_REFUNDED -> CANCELED (204, no body), the charge it paid CANCELED; subscription cancel -> CANCELED_MANUAL (its open charges CANCELED_MANUAL). See Money moves.

## Test cards

${testCardsMarkdown()}

${CLOCK_SECTION}

${ROUTING_SECTION}
${SPLIT_DOCS}
${IDEMPOTENCY_SECTION}
${PRODUCT_RULES}
${MONEY_MOVES}
${TENANTS_SECTION}
${CONFORMANCE_SECTION}
${STATES_SECTION}
${EVENTS_SECTION}
${PROCESSES_SECTION}
${THREE_DS_SECTION}
${ALERT_NETWORKS_SECTION}
${LISTS_SECTION}
${BILLING_STATUSES_SECTION}
${MERCHANT_ANSWERS_SECTION}
${PIX_AUTOMATIC_SECTION}
`.trim();
