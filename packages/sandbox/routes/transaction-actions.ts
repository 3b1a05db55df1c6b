// Sandbox only: the fraud review's decision and a dispute's course on a
// transaction (domain/transaction-actions.ts), as an antifraud team or a card
// network would; the test clock makes the same moves when their time comes.
import { Type } from 'typebox';
import { decideReview, disputeAction } from '../domain/transaction-actions.js';
import { DISPUTE_DAYS } from '../domain/states/transaction.js';
import { CompanyId, ERROR_RESPONSES } from '../schemas/common.js';
import { Transaction } from '../schemas/transaction.js';
import { findTransaction } from '../store/find-transaction.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';
import { rowRef } from '../base/clock-rows.js';

const ById = { companyId: CompanyId, transactionId: Type.String({ minLength: 1 }) };

export const transactionActionRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.post('/sandbox/v1/transactions/review', {
    config: { auth: 'transaction.write' },
    schema: {
      tags: ['transactions'], summary: 'Sandbox only: the fraud review decides a held payment', security: SECURITY,
      description: `flag: IN_ANALYSIS -> PENDING_REVIEW; approve: IN_ANALYSIS or PENDING_REVIEW -> PAID (payables made), the charge it was for (POST /v1/charge/pay) PAID with charge.paid; approved after that charge was paid another way, the approval is voided (CANCELED, held_voided) and the charge left; deny: -> DECLINED (the authorization voided), the charge's failed attempt (attempts + 1, its status left, charge.payment_failed). Undecided, the test clock flags it the day after its payment and denies it after review.dueBy (${rowRef('reviewStarted', 'reviewDenied')}). A status the transaction table does not move this way: 409 conflict on transactionId. Unknown: 404; another company's: 403.`,
      body: Type.Object({ ...ById, decision: Type.Enum(['flag', 'approve', 'deny']) }), response: { 200: Transaction, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { companyId, transactionId, decision } = request.body;
    const decided = await ctx.db.transaction(async (tx) =>
      decideReview(ctx, tx, await findTransaction(tx, [companyId], { transactionId }, true), decision, ctx.now(companyId), 'transactionId'));
    ctx.recent.remember(decided);
    return decided;
  });

  app.post('/sandbox/v1/transactions/dispute', {
    config: { auth: 'transaction.write' },
    schema: {
      tags: ['transactions'], summary: 'Sandbox only: a cardholder disputes a payment; the dispute is won or lost', security: SECURITY,
      description: `open: PAID -> DISPUTE (dispute.dueBy ${DISPUTE_DAYS} days on the test clock), the charge it paid DISPUTE; win: DISPUTE -> PAID, the charge PAID; lose: DISPUTE -> CHARGEBACK, payables reversed, the charge CHARGEBACK. Unanswered past dispute.dueBy, the test clock loses it (${rowRef('disputeLost')}). A status the transaction table does not move this way: 409 conflict on transactionId. Unknown: 404; another company's: 403.`,
      body: Type.Object({ ...ById, action: Type.Enum(['open', 'win', 'lose']) }), response: { 200: Transaction, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { companyId, transactionId, action } = request.body;
    const moved = await ctx.db.transaction(async (tx) =>
      disputeAction(tx, await findTransaction(tx, [companyId], { transactionId }, true), action, ctx.now(companyId), 'transactionId'));
    ctx.recent.remember(moved);
    return moved;
  });
};
