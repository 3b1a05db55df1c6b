// Transactions (4.3): POST /v1/transaction.
import { openCard } from '../payment/open-card.js';
import { payByCard } from '../payment/pay-by-card.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { CreateTransactionBody, Transaction } from '../schemas/transaction.js';
import { findOrCreateClient } from '../store/clients.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

export const transactionRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.post('/v1/transaction', {
    config: { auth: 'transaction.write' },
    schema: {
      tags: ['transactions'], summary: 'Create a one-off card transaction', security: SECURITY,
      description: 'Pays at once (PAID or DECLINED by the test card), or AUTHORIZED with capture false. The inline client is created or reused by its document. Emits transaction.created.',
      body: CreateTransactionBody, response: { 200: Transaction, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const body = request.body;
    // Decrypt before the database transaction: no lock is held across the decryptor.
    const profile = await openCard(body as never, ctx.decryptor);
    const transaction = await ctx.db.transaction(async (tx) => {
      const client = body.client ? await findOrCreateClient(tx, body.companyId, body.client, ctx.now(body.companyId)) : undefined;
      return payByCard(ctx, tx, {
        companyId: body.companyId, cents: body.amount, installments: body.installments ?? 1, paymentMethod: 'CREDIT_CARD',
        profile, capture: body.capture ?? true, split: body.split, links: client ? { clientId: client._id } : {},
      });
    });
    ctx.recent.remember(transaction);
    return transaction;
  });
};
