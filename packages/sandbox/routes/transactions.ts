// Transactions (4.3): create, list, full (capture and cancel: transaction-moves.ts).
import { listPage, scopeOf, type Filter } from '../db/list.js';
import { inOneTrip } from '../db/one-trip.js';
import { assertSplitRules } from '../http/split-check.js';
import { alertIfTestCard } from '../billing/alerts.js';
import { checkInstallments } from '../payment/installments.js';
import { openCard } from '../payment/open-card.js';
import { payByCard } from '../payment/pay-by-card.js';
import { keepAnswer } from '../http/idempotency.js';
import { originOf } from '../http/origin.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { Page } from '../schemas/list.js';
import { CreateTransactionBody, FullQuery, Transaction, TransactionFull, TransactionListQuery } from '../schemas/transaction.js';
import { fullTransaction } from '../store/full-transaction.js';
import { findTransaction } from '../store/find-transaction.js';
import { findOrCreateClient } from '../store/clients.js';
import { INLINE_CLIENT_DOC, LIST_CURSOR, SPLIT_RULES, TOKEN_RULE, beyondSchema } from '../http/beyond-schema.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

export const transactionRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.post('/v1/transaction', {
    config: { auth: 'transaction.write' },
    schema: {
      tags: ['transactions'], summary: 'Create a one-off card transaction', security: SECURITY,
      description: 'Pays at once (PAID or DECLINED by the test card), or AUTHORIZED with capture false; a card that asks for 3-D Secure answers PENDING_3DS with nextAction (see 3-D Secure). The other statuses it can answer (ERROR_PAYMENT, INVALID_PAYMENT, BLOCKED, IN_ANALYSIS, PROCESSING, STANDBY, NO_PAYMENT_ROUTE) and how each is made: State machines, transaction. The inline client is created or reused by its document. Emits transaction.created.' + beyondSchema({ ...TOKEN_RULE, ...SPLIT_RULES, ...INLINE_CLIENT_DOC }),
      body: CreateTransactionBody, response: { 200: Transaction, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const body = request.body;
    await assertSplitRules(ctx.db, body.split);
    const installments = checkInstallments(body.installments, 'CREDIT_CARD');
    // Decrypt before the database transaction: no lock is held across the decryptor.
    const profile = await openCard(body as never, ctx.decryptor);
    // Its writes in one statement, no BEGIN or COMMIT, unless it reads (an inline client): db/one-trip.ts.
    const transaction = await inOneTrip(ctx.db, async (tx) => {
      const client = body.client ? await findOrCreateClient(tx, body.companyId, body.client, ctx.now(body.companyId)) : undefined;
      const made = await payByCard(ctx, tx, {
        companyId: body.companyId, cents: body.amount, installments, paymentMethod: 'CREDIT_CARD',
        profile, capture: body.capture ?? true, split: body.split, links: client ? { clientId: client._id } : {}, threeDSOrigin: originOf(request),
        cacheEpoch: request.cacheEpoch,
      });
      await alertIfTestCard(ctx, tx, made);
      return keepAnswer(tx, request, made);
    });
    ctx.recent.remember(transaction);
    return transaction;
  });

  app.get('/v1/transaction', {
    config: { auth: 'transaction.read' },
    schema: {
      tags: ['transactions'], summary: 'List transactions', security: SECURITY, description: 'Paginated (see Lists at scale).' + beyondSchema(LIST_CURSOR),
      querystring: TransactionListQuery, response: { 200: Page(Transaction), ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { status, clientId, subscriptionId, chargeId, companyId } = request.query;
    const filters: Filter[] = [];
    if (status) filters.push(['status = ?', status]);
    if (clientId) filters.push(['client_id = ?', clientId]);
    if (subscriptionId) filters.push(['subscription_id = ?', subscriptionId]);
    if (chargeId) filters.push(['charge_id = ?', chargeId]);
    return listPage(ctx.db, 'transactions', scopeOf(request.credential!.companies, companyId), request.query, filters);
  });

  app.get('/v1/transaction/full', {
    config: { auth: 'transaction.read' },
    schema: {
      tags: ['transactions'], summary: 'One transaction with its product, client, subscription and BIN data', security: SECURITY,
      description: 'Query: transactionId or tid (companyId optional). Unknown: 404; another company\'s: 403. payables: one per split recipient once PAID (and per installment of a credit card sale in installments).' + beyondSchema({ transactionId: 'or tid is required (OpenAPI cannot say "one of" across query parameters; the server\'s schema does)' }),
      querystring: FullQuery, response: { 200: TransactionFull, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const transaction = await findTransaction(ctx.db, scopeOf(request.credential!.companies, request.query.companyId), request.query);
    return fullTransaction(ctx.db, transaction);
  });
};
