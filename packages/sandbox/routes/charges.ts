// Charges (4.4): POST /v1/charge/pay, guarded by the captcha (part 5 rule 7).
// Paying is decided under the charge's row lock: two racing payments of one
// charge give one PAID and one "already paid" (issue 14, defect 2).
import { fieldError, invalid } from '../base/errors.js';
import { keepAnswer } from '../http/idempotency.js';
import { lockedRecord } from '../store/locked-record.js';
import { checkInstallments } from '../payment/installments.js';
import { openCard } from '../payment/open-card.js';
import { payByCard } from '../payment/pay-by-card.js';
import { create } from '../domain/states/machine.js';
import { CHARGE_MACHINE } from '../domain/states/charge.js';
import { Type } from 'typebox';
import { Charge, CreateChargeBody, ExpireBody, PayChargeBody, PayChargeResult, SettleBody } from '../schemas/charge.js';
import { Payable } from '../schemas/payable.js';
import { anticipateCharge, disableCharge } from '../domain/billing-actions.js';
import { toCents } from '../base/cents.js';
import { PAYABLE, assertSlipAmount, expireSlip, issueSlip, settleSlip } from '../billing/slips.js';
import { chargeLinks } from '../billing/charges.js';
import { chargeAfterCardAttempt } from '../billing/card-attempt.js';
import { originOf } from '../http/origin.js';
import { assertCardAuth, assertChargePayable, assertOnSale, chargeMethods } from '../domain/product-rules.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { clientAndProduct } from '../store/client-and-product.js';
import { charges, newId, products, type ChargeDoc } from '../store/tables.js';
import { TOKEN_RULE, beyondSchema } from '../http/beyond-schema.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';
import { lockedAction } from './locked-action.js';
import { rowRef } from '../base/clock-rows.js';
import { ANTICIPATION_RATE } from '../base/anticipation-fee.js';
import { payingTransactionOf } from '../store/charge-payment.js';

/** A card payment whose answer comes later: the charge is left as it was until then. */
const WAITING: readonly string[] = ['PENDING_3DS', 'PROCESSING', 'IN_ANALYSIS'];

const unknownCharge = () => invalid(fieldError('_id', '_id names no charge of this company in the sandbox'));
const notPayable = (status: string, field = '_id') => invalid(fieldError(field, status === 'PAID' ? 'the charge is already paid' : `the charge is ${status}: it cannot be paid`));

const SLIP_NAMES: Record<string, string> = { BOLETO: 'boleto', PIX: 'PIX' };
/**
 * The bank settles a charge no longer payable: ended, or paid already. Paid by the other half of
 * a boleto with its PIX (one payment), the answer says so; paid another way (a card after a PIX
 * was issued, or the same slip again), plainly "already paid".
 */
const settledAlready = (status: string, asked: string, paidBy: string | undefined) => {
  if (status !== 'PAID' && status !== 'RECOVERED') return notPayable(status, 'chargeId');
  const [was, now] = [SLIP_NAMES[paidBy ?? ''], SLIP_NAMES[asked]];
  return was && now && was !== now
    ? invalid(fieldError('chargeId', `the charge is already paid by its ${was}: its ${now} can no longer be paid (a boleto and its PIX are one payment)`))
    : notPayable(status, 'chargeId');
};

const CHARGE = { table: charges, noun: 'charge', idField: 'chargeId' } as const;

export const chargeRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.post('/v1/charge', {
    config: { auth: 'charge.write' },
    schema: {
      tags: ['charges'], summary: 'Create a charge', security: SECURITY,
      description: 'ACTIVE until paid; the test clock makes it OVERDUE after its due date. amount is a decimal of BRL, stored in cents rounded half up.' + beyondSchema({ clientId: 'a client of the company', productId: 'a product of the company, on sale, offering a method', 'paymentMethods[]': 'methods the product offers' }),
      body: CreateChargeBody, response: { 200: Charge, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const body = request.body;
    const { product } = await clientAndProduct(ctx.db, body.companyId, body.clientId, body.productId);
    assertOnSale(product, 'productId');
    const paymentMethods = chargeMethods(product, body.paymentMethods);
    const now = ctx.now(body.companyId);
    const at = now.toISOString();
    const charge: ChargeDoc = {
      _id: newId(), companyId: body.companyId, clientId: body.clientId, productId: body.productId, amount: { value: toCents(body.amount), currency: 'BRL' },
      dueDate: body.dueDate, ...(body.description ? { description: body.description } : {}), status: 'ACTIVE',
      paymentMethods, active: true,
      ...(body.cardAuth !== undefined ? { cardAuth: body.cardAuth } : {}), createdAt: at, updatedAt: at,
    };
    return ctx.db.transaction((tx) => create(CHARGE_MACHINE, tx, charge, 'created', now));
  });

  app.post('/v1/charge/pay', {
    config: { auth: 'captcha' },
    schema: {
      tags: ['charges'], summary: 'Pay a charge (captcha-protected, no apiKey)', security: [],
      description: 'A card (token or paymentProfile) pays at once; a card that asks for 3-D Secure (PENDING_3DS) or a provider that answers later (PROCESSING) or the fraud-review test card (IN_ANALYSIS) leaves the charge as it was until the answer or the review\'s decision, then it moves as a card payment moves it. BOLETO and PIX answer PENDING_PAYMENT with the slip, kept on the charge until paid or expired. A charge already PAID is refused on _id.' + beyondSchema({ _id: 'a payable charge of the company (not PAID, not ended), whose product is not deleted', paymentMethod: 'one the charge offers; BOLETO for at most R$ 99,999,999.99', installments: 'a count the charge\'s product offers', cardAuthId: 'required when the charge or its product asks for card authentication', ...TOKEN_RULE }),
      body: PayChargeBody, response: { 200: PayChargeResult, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const body = request.body;
    const seen = await charges.get(ctx.db, body.companyId, body._id);
    if (!seen) throw unknownCharge();
    if (!PAYABLE.includes(seen.status)) throw notPayable(seen.status);
    // The charge's product, when it has one, decides which installment counts it offers.
    const product = seen.productId ? await products.get(ctx.db, seen.companyId, seen.productId) : undefined;
    assertChargePayable(seen, product, body.paymentMethod);
    assertSlipAmount(seen.amount.value, body.paymentMethod);
    assertCardAuth(seen, product, body.paymentMethod, body.cardAuthId);
    const installments = checkInstallments(body.installments, body.paymentMethod, product);
    const hasCard = body.token !== undefined || body.paymentProfile !== undefined;
    if (!hasCard) {
      const issued = await ctx.db.transaction(async (tx) => {
        const charge = await charges.get(tx, body.companyId, body._id, true);
        if (!charge) throw unknownCharge();
        if (!PAYABLE.includes(charge.status)) throw notPayable(charge.status);
        return keepAnswer(tx, request, { ...await issueSlip(ctx, tx, charge, body.paymentMethod, originOf(request), body.referenceId), paymentMethod: body.paymentMethod, status: 'PENDING_PAYMENT' as const });
      });
      return issued;
    }
    const profile = await openCard(body as never, ctx.decryptor);
    const result = await ctx.db.transaction(async (tx) => {
      // The decision is made here, under the lock: the read above only gave an early answer.
      const charge = await charges.get(tx, body.companyId, body._id, true);
      if (!charge) throw unknownCharge();
      if (!PAYABLE.includes(charge.status)) throw notPayable(charge.status);
      const transaction = await payByCard(ctx, tx, {
        companyId: body.companyId, cents: charge.amount.value, installments, paymentMethod: body.paymentMethod, profile,
        ...(product ? { product } : {}), modality: (charge.sequence ?? 1) > 1 ? 'recurring' : 'initial',
        links: chargeLinks(charge), threeDSOrigin: originOf(request), referenceId: body.referenceId,
      });
      // PENDING_3DS, PROCESSING, IN_ANALYSIS: the charge waits for the answer or the review's decision (domain/held-payment.ts moves it then).
      if (WAITING.includes(transaction.status)) return keepAnswer(tx, request, { charge, transaction });
      // The charge read back (CARD_ATTEMPTS or an alert may have moved it); the transaction as the payment made it.
      return keepAnswer(tx, request, { charge: await chargeAfterCardAttempt(ctx, tx, charge, transaction), transaction });
    });
    ctx.recent.remember(result.transaction);
    return result;
  });

  app.post('/sandbox/v1/charges/settle', {
    config: { auth: 'charge.write' },
    schema: {
      tags: ['charges'], summary: 'Sandbox only: the bank settles a PIX or boleto charge', security: SECURITY,
      description: 'As a bank would once the shopper pays: a PAID transaction of that method, the charge PAID, the subscription ACTIVE; events transaction.created and charge.paid. A boleto waiting is settled by its line (BOLETO) or by the PIX it carries (PIX: a PIX transaction, its cobv CONCLUIDA), once: the other is then refused on chargeId. Unpaid, the test clock makes the charge OVERDUE after its due date. Unknown charge: 404; another company\'s: 403.' + beyondSchema({ chargeId: 'a payable charge (not PAID, not ended) whose product is not deleted', paymentMethod: 'one the charge offers; the one issued when the charge has a PIX or boleto waiting (charge.slip), or PIX for a boleto (the PIX it carries); BOLETO for at most R$ 99,999,999.99' }),
      body: SettleBody, response: { 200: PayChargeResult, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { companyId, chargeId, paymentMethod } = request.body;
    const result = await ctx.db.transaction(async (tx) => {
      const charge = await lockedRecord(tx, charges, 'charge', companyId, chargeId);
      if (!PAYABLE.includes(charge.status)) throw settledAlready(charge.status, paymentMethod, (await payingTransactionOf(tx, charge))?.paymentMethod);
      // A boleto carries its PIX (bolepix): settled by PIX it is paid as the boleto the shopper was offered.
      const byBoletosPix = charge.slip?.paymentMethod === 'BOLETO' && paymentMethod === 'PIX' && charge.slip.txid !== undefined;
      assertChargePayable(charge, charge.productId ? await products.get(tx, companyId, charge.productId) : undefined, byBoletosPix ? 'BOLETO' : paymentMethod, 'chargeId');
      // The shopper pays what was issued: another method would take its fee and payout day.
      if (charge.slip && charge.slip.paymentMethod !== paymentMethod && !byBoletosPix) {
        throw invalid(fieldError('paymentMethod', `the charge's ${charge.slip.paymentMethod} was issued: the bank settles that, not a ${paymentMethod}`));
      }
      assertSlipAmount(charge.amount.value, paymentMethod);
      return settleSlip(ctx, tx, charge, paymentMethod);
    });
    ctx.recent.remember(result.transaction);
    return result;
  });

  lockedAction(app, ctx, {
    url: '/sandbox/v1/charges/expire', auth: 'charge.write', tag: 'charges', summary: 'Sandbox only: the bank lets the charge\'s PIX or boleto expire unpaid',
    description: `What the test clock does on the day after the slip's expiresOn (${rowRef('slipExpired')}): a DISCARDED transaction of its method, the charge's attempts + 1, events transaction.created and charge.payment_failed. The charge stays payable. Unknown charge: 404; another company's: 403.` + beyondSchema({ chargeId: 'a payable charge with a PIX or boleto waiting' }),
    body: ExpireBody, answer: PayChargeResult, record: CHARGE,
    act: (tx, charge, { companyId }) => {
      if (!charge.slip || !PAYABLE.includes(charge.status)) throw invalid(fieldError('chargeId', 'the charge has no PIX or boleto waiting: pay it by PIX or BOLETO first'));
      return expireSlip(ctx, tx, charge, ctx.now(companyId));
    },
  });

  lockedAction(app, ctx, {
    url: '/sandbox/v1/charges/anticipate', auth: 'charge.write', tag: 'charges', summary: 'Sandbox only: the merchant anticipates a paid charge\'s receivables',
    description: `PAID or RECOVERED -> ANTICIPATED (charge.updated, with anticipation {fee, netAmount}): the company's own WAITING_FUNDS payables of the transaction that paid it (every installment of a sale in installments) become PAID today (availableOn today, anticipatedFrom the day they had), each less anticipationFee = netAmount x ${ANTICIPATION_RATE} x its own days early / 30, rounded half up to a cent, so a later installment pays more. Another status: 409 conflict on chargeId; nothing waiting for funds (a PIX is D+0): 409 conflict on chargeId. Unknown charge: 404; another company's: 403.`,
    body: ExpireBody,
    answer: Type.Object({ charge: Charge, anticipation: Type.Object({ transactionId: Type.String(), payables: Type.Array(Payable), fee: Type.Integer({ description: 'cents: the anticipation fees' }), netAmount: Type.Integer({ description: 'cents: what the company receives today' }) }) }),
    record: CHARGE,
    act: (tx, charge, { companyId }) => anticipateCharge(tx, charge, ctx.now(companyId)),
  });

  lockedAction(app, ctx, {
    url: '/sandbox/v1/charges/disable', auth: 'charge.write', tag: 'charges', summary: 'Sandbox only: the merchant switches a charge off',
    description: 'An open or held charge -> DISABLED, inactive, its PIX or boleto gone (charge.updated); it is never payable again; its subscription goes on (the next renewal comes as planned). Another status: 409 conflict on chargeId. Unknown charge: 404; another company\'s: 403.',
    body: ExpireBody, answer: Charge, record: CHARGE,
    act: (tx, charge, { companyId }) => disableCharge(tx, charge, ctx.now(companyId)),
  });
};
