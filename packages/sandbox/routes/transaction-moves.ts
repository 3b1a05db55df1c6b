// Transactions (4.3): capture and cancel. Each decides under the
// transaction's row lock, so two racing calls make one move, never two.
import { connectorFor } from '../domain/payments/simulated-acquirer.js';
import { createPayables } from '../domain/split/payables.js';
import { fieldError, invalid } from '../base/errors.js';
import { keepAnswer } from '../http/idempotency.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { AUTHORIZATION_DAYS, AlreadyCanceled, CancelBody, CaptureBody, CaptureResult } from '../schemas/transaction.js';
import { findTransaction } from '../store/find-transaction.js';
import { refundTransaction } from '../domain/refund.js';
import { allows, move } from '../domain/states/machine.js';
import { TRANSACTION_MACHINE } from '../domain/states/transaction.js';
import { beyondSchema } from '../http/beyond-schema.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';
import { rowRef } from '../base/clock-rows.js';

const refField = (ref: { transactionId?: string }) => (ref.transactionId ? 'transactionId' : 'tid');

export const transactionMoveRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.post('/v1/transaction/capture', {
    config: { auth: 'transaction.write' },
    schema: {
      tags: ['transactions'], summary: 'Capture an AUTHORIZED transaction', security: SECURITY,
      description: `AUTHORIZED -> PAID for the amount stored on the transaction (the request amount is ignored), by its captureBefore (${AUTHORIZATION_DAYS} days after the authorization; not captured by then, the test clock lets it lapse: CANCELED, clock ${rowRef('authorizationLapsed')}). Any other status, or past captureBefore, is refused (400 on transactionId or tid). Unknown: 404; another company's: 403.` + beyondSchema({ transactionId: 'names an AUTHORIZED transaction', tid: 'as transactionId' }),
      body: CaptureBody, response: { 200: CaptureResult, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const body = request.body;
    const captured = await ctx.db.transaction(async (tx) => {
      const transaction = await findTransaction(tx, [body.companyId], body, true);
      if (!allows(TRANSACTION_MACHINE, transaction.status, 'capture'))
        throw invalid(fieldError(refField(body), `only an AUTHORIZED transaction can be captured; this one is ${transaction.status}`));
      const now = ctx.now(body.companyId);
      // Lapsed by the clock's real-time part since the last move (a move lapses it at once: authorizationLapsed).
      if (transaction.captureBefore && transaction.captureBefore <= now.toISOString())
        throw invalid(fieldError(refField(body), `its authorization lapsed at ${transaction.captureBefore} (not captured within ${AUTHORIZATION_DAYS} days): it cannot be captured`));
      // The provider that authorized it captures it (a transaction made before routing has none: the sandbox's own word).
      const { message } = transaction.acquirer ? await connectorFor(transaction.acquirer.provider).capture(transaction.acquirer, transaction.amount.value) : { message: 'Captured' };
      // The payables are made for the transaction as it will be written (PAID, split read at capture).
      const paid = await createPayables(ctx, tx, { ...transaction, status: 'PAID', message, updatedAt: now.toISOString() });
      return move(TRANSACTION_MACHINE, tx, transaction, 'capture', now, { patch: paid, field: refField(body) });
    });
    ctx.recent.remember(captured);
    return { statusCode: 200, data: captured };
  });

  app.put('/v1/transaction/cancel', {
    config: { auth: 'transaction.write' },
    schema: {
      tags: ['transactions'], summary: 'Cancel (refund) a transaction', security: SECURITY,
      description: 'PAID, AUTHORIZED or ERROR_REFUNDED (a refund the provider refused, tried again) -> CANCELED: 204, no body; the charge it paid becomes CANCELED. Already CANCELED: 200 {success: true, message}. Other statuses: 400. cancelSubscription true also cancels the linked subscription (CANCELED_MANUAL, its open charges CANCELED_MANUAL). Unknown: 404; another company\'s: 403.' + beyondSchema({ transactionId: 'names a PAID, AUTHORIZED, ERROR_REFUNDED or CANCELED transaction', tid: 'as transactionId', amount: 'the transaction\'s whole amount, when sent' }),
      body: CancelBody, response: { 200: AlreadyCanceled, 204: { type: 'null', description: 'canceled' }, ...ERROR_RESPONSES },
    },
  }, async (request, reply) => {
    const body = request.body;
    const outcome = await ctx.db.transaction(async (tx) => {
      const transaction = await findTransaction(tx, [body.companyId], body, true);
      if (transaction.status === 'CANCELED') return { already: true as const };
      if (!allows(TRANSACTION_MACHINE, transaction.status, 'refund'))
        throw invalid(fieldError(refField(body), `only a PAID, AUTHORIZED or ERROR_REFUNDED transaction can be canceled; this one is ${transaction.status}`));
      const whole = transaction.amount.value;
      if (body.amount !== undefined && body.amount !== whole)
        throw invalid(fieldError('amount', `amount ${body.amount}: a cancel refunds the whole amount (${whole} cents); partial refunds are not offered: send no amount, or ${whole}`));
      const canceled = await refundTransaction(ctx, tx, transaction, { reason: 'merchant', cancelSubscription: body.cancelSubscription });
      await keepAnswer(tx, request, null, 204);
      return { canceled };
    });
    if (outcome.already) return { success: true as const, message: 'the transaction is already canceled' };
    ctx.recent.remember(outcome.canceled);
    return reply.code(204).send(null);
  });
};
