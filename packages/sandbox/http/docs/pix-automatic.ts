// The "PIX Automático" section of the API description (the sandbox's
// extension): the journeys, the mandate's statuses (rendered from its table),
// the payer's bank's actions, and the rules the test clock follows for debits.
import { JOURNEY_WORDS } from '../../billing/mandates.js';
import { MANDATE_MACHINE } from '../../domain/states/mandate.js';
import { rowRef } from '../../base/clock-rows.js';
import { PIX_DEBIT_ATTEMPTS, PIX_RETRY_WINDOW_DAYS } from '../../billing/pix-debit.js';

const statuses = MANDATE_MACHINE.statuses.map((status) => `| ${status} | ${MANDATE_MACHINE.notes[status].meaning} | ${MANDATE_MACHINE.notes[status].how} |`).join('\n');

export const PIX_AUTOMATIC_SECTION = `
## PIX Automático (the sandbox's extension)

The API reference has no PIX Automático; everything in this section (the routes under /sandbox/v1/mandates and /sandbox/v1/rec, the mandate resource, its statuses and its events mandate.created and mandate.updated) is the sandbox's extension, shaped as the Banco Central's rules and its API Pix Automático shape it, so a merchant can try the whole life of a recurring PIX offline. A subscription paid by PIX (paymentMethod PIX) asks its payer's bank for a **mandate** (the Banco Central's recorrência, idRec) with POST /sandbox/v1/mandates; once the payer approves it in their bank, each renewal is debited on its due date without the shopper.

**Journeys** (the Banco Central's journeys of authorisation; \`journey\` in the request, 2 when omitted):

${JOURNEY_WORDS.map((words, i) => `${i + 1}. ${words}`).join('\n')}

The BR Codes follow the dynamic PIX rules of a charge ("A charge's PIX is dynamic" above): the recorrência's location is in field 80 (80-00 br.gov.bcb.pix, 80-25 the location, no scheme, at most 77 characters), served at GET /sandbox/v1/rec/{mandateId} as a JWS signed with the PIX key (GET /sandbox/v1/pix-jwks): idRec, vinculo {objeto, devedor, contrato}, calendario {dataInicial, periodicidade}, valor.valorRec, recebedor, politicaRetentativa PERMITE_3R_7D, atualizacao (every status with its time). The mandate asks the product's price each period (amount, cents), from the subscription's nextChargeDate (startDate); the product must renew every 7, 30, 90, 180 or 365 days (SEMANAL, MENSAL, TRIMESTRAL, SEMESTRAL, ANUAL). One mandate per subscription is PENDING or ACTIVE at a time (another request: 409 conflict).

**The payer's bank** is played by POST /sandbox/v1/mandates/bank {companyId, mandateId, action}: \`approve\` (optionally with the payer's \`maxAmount\` in cents: a debit above it is refused by the bank), \`reject\`, \`expire\` (the test clock does it the day after expiresOn, ${rowRef('mandateExpired')}), \`revoke\` (the payer cancels an ACTIVE mandate), \`decline-debits\` with \`count\` (the next count debits are refused for want of funds). A subscription that ends (cancel, an unsubscription rule, a fraud notice) cancels its mandate first (CANCELED, recorrência CANCELADA). GET /sandbox/v1/mandates?mandateId= reads one.

| status | meaning here | how to make it happen |
|---|---|---|
${statuses}

**Renewals debited without the shopper.** On each charge's due date the test clock sends the debit of a subscription paid by PIX whose mandate is ACTIVE (${rowRef('pixDebit')}): paid, a PIX transaction PAID (\`pix_debited\`), the charge PAID, the subscription ACTIVE, as a settled PIX. A refused debit (${rowRef('pixDebitRefused')}) is a PIX transaction DECLINED with the bank's reason, the charge ERROR_PAYMENT (attempts + 1, \`pixDebit\` {attempts, refusal}), the subscription ERROR_PAYMENT.

**Retries, as the sandbox reads the Banco Central's rule** (Regulamento do Pix Automático, annex to Resolução BCB nº 402/2024 as amended, and the recorrência's politicaRetentativa PERMITE_3R_7D of the API Pix Automático: "up to 3 retries within 7 days"): after a failed first attempt on the due date the receiver may retry up to 3 more times, at most one attempt a day, none later than ${PIX_RETRY_WINDOW_DAYS} days after the due date. The sandbox retries (${rowRef('pixDebitRetry')}) a debit refused for want of funds (INSUFFICIENT_FUNDS) every max(1, charge.deniedIntervalDays) days after the last, while the charge has fewer than ${PIX_DEBIT_ATTEMPTS} debits and the day is within the ${PIX_RETRY_WINDOW_DAYS} days; a debit above the payer's maxAmount (ABOVE_MAXIMUM) is not retried (a retry carries the same value, which the bank would refuse again). This is the sandbox's reading: press summaries of the rules differ (one reads the same-day evening retry of the payer's bank as a separate attempt; another says two more attempts), and the sandbox does not play the payer's bank's own same-day retry of a technical failure.

**The end.** When its debits are over unpaid (attempts spent, the window passed, refused above the maximum) the charge goes OVERDUE the next day it is past due (${rowRef('overdue')}) and the product's unsubscription rule decides as for any overdue charge: OVERDUE_DAYS ends the subscription NO_PAYMENT after overdueDays (${rowRef('overdueDaysSpent')}), setting.limitOverdueCharges counts it (${rowRef('overdueChargesLimit')}), NEVER leaves it OVERDUE; CARD_ATTEMPTS counts card attempts only, so it never ends a PIX subscription (as for a boleto). The end cancels the mandate.

**Fallback to card or boleto** (the sandbox's decision, as Stripe and Mercado Pago leave an invoice whose automatic debit failed open for another method): a charge whose debits failed, or that a revoked, rejected or expired mandate never debited, stays payable by every method it offers: POST /v1/charge/pay with a card (paid: the charge PAID, or RECOVERED once OVERDUE, the subscription with it, the card kept) or with BOLETO (then POST /sandbox/v1/charges/settle). The subscription stays paid by PIX and its ACTIVE mandate debits the next renewal.

Its moves are the "mandate" table under "State machines"; every move emits its event (mandate.created, mandate.updated, with \`mandate\`, \`move\` and \`previousStatus\` as every event), delivered to webhooks whose credential reads subscriptions (subscription.read).
`.trim();
