// The transaction's table (domain/states/transaction.ts), row by row: payment,
// capture, refund, the fraud review, disputes, 3-D Secure, the provider's and
// the antifraud's refusals, PROCESSING and STANDBY.
import { describe, expect, it } from 'vitest';
import { BLOCKED_CARD, CHALLENGE, DECLINED, ERROR_CARD, FAILS_CHALLENGE, INVALID_CARD, PAID_PROFILE, REVIEW_CARD, type StateKit } from './kit.js';

export function transactionStates({ company, card, sandbox }: StateKit) {
  describe('transaction rows', () => {
    it('(new) card_payment -> PAID, AUTHORIZED, DECLINED: transaction.created with the transaction as written', async () => {
      const c = await company();
      const paid = (await card(c)).body;
      const authorized = (await card(c, PAID_PROFILE, { capture: false })).body;
      const declined = (await card(c, DECLINED)).body;
      expect([paid.status, authorized.status, declined.status]).toEqual(['PAID', 'AUTHORIZED', 'DECLINED']);
      const events = await c.events();
      expect(events.map((e) => [e.type, e.data.move, e.data.transaction.status])).toEqual([
        ['transaction.created', 'card_payment', 'PAID'], ['transaction.created', 'card_payment', 'AUTHORIZED'], ['transaction.created', 'card_payment', 'DECLINED']]);
      expect(events.map((e) => e.data.transaction)).toEqual([paid, authorized, declined]);
    });

    it('(new) card_payment -> NO_PAYMENT_ROUTE when no route takes the card', async () => {
      const c = await company();
      await c.noRoutes();
      expect((await card(c)).body.status).toBe('NO_PAYMENT_ROUTE');
      expect(await c.moves()).toEqual([['transaction.created', 'card_payment', 'NO_PAYMENT_ROUTE']]);
    });

    it('AUTHORIZED capture -> PAID: transaction.updated after the write; a second capture is refused 400 and changes nothing', async () => {
      const c = await company();
      const authorized = (await card(c, PAID_PROFILE, { capture: false })).body;
      await c.events();
      const captured = await c.as('POST', '/v1/transaction/capture', { companyId: c.companyId, transactionId: authorized._id, amount: 1000 });
      expect(captured.body.data.status).toBe('PAID');
      const [event] = await c.events();
      expect(event).toMatchObject({ type: 'transaction.updated', data: { move: 'capture', previousStatus: 'AUTHORIZED', transaction: { status: 'PAID' } } });
      expect(event!.data.transaction.updatedAt).toBe(captured.body.data.updatedAt);
      const again = await c.as('POST', '/v1/transaction/capture', { companyId: c.companyId, transactionId: authorized._id, amount: 1000 });
      expect(again.status).toBe(400);
      expect(again.body.error_messages[0]).toMatchObject({ path: 'transactionId' });
      expect(await c.events()).toEqual([]);
    });

    it('authorization_lapsed: AUTHORIZED -> CANCELED when the clock passes its captureBefore (7 days on, row 17, stamped then), no payables; a capture after it is refused 400', async () => {
      const c = await company();
      const authorized = (await card(c, PAID_PROFILE, { capture: false })).body;
      expect(Date.parse(authorized.captureBefore) - Date.parse(authorized.createdAt)).toBe(7 * 86_400_000);
      await c.events();
      expect((await c.advance(6)).moves).toEqual([]);
      const moved = (await c.advance(1)).moves; // the lapse comes after the move, at the new time
      expect(moved).toEqual([{ row: 17, resource: 'transaction', id: authorized._id, to: 'CANCELED' }]);
      expect(await c.moves()).toEqual([['transaction.updated', 'authorization_lapsed', 'CANCELED']]);
      expect(await c.transaction(authorized._id)).toMatchObject({ status: 'CANCELED', updatedAt: authorized.captureBefore, message: `Authorization lapsed: not captured by ${authorized.captureBefore}`, payables: [] });
      const late = await c.as('POST', '/v1/transaction/capture', { companyId: c.companyId, transactionId: authorized._id });
      expect(late.status).toBe(400);
      expect(late.body.error_messages[0]).toMatchObject({ path: 'transactionId', msg: expect.stringMatching(/CANCELED/) });
    });

    it('PAID and AUTHORIZED refund -> CANCELED (PUT /v1/transaction/cancel): transaction.updated; the charge it paid refunded -> CANCELED', async () => {
      const c = await company();
      const authorized = (await card(c, PAID_PROFILE, { capture: false })).body;
      const charge = await c.charge();
      const paid = (await c.pay(charge._id, PAID_PROFILE)).body.transaction;
      await c.events();
      expect((await c.as('PUT', '/v1/transaction/cancel', { companyId: c.companyId, transactionId: authorized._id })).status).toBe(204);
      expect((await c.as('PUT', '/v1/transaction/cancel', { companyId: c.companyId, transactionId: paid._id })).status).toBe(204);
      expect(await c.moves()).toEqual([
        ['transaction.updated', 'refund', 'CANCELED'],
        ['transaction.updated', 'refund', 'CANCELED'], ['charge.updated', 'refunded', 'CANCELED']]);
    });
  });

  describe('fraud review rows', () => {
    it('(new) card_payment -> IN_ANALYSIS (the fraud-review card), review_started -> PENDING_REVIEW, review_approved -> PAID with payables (sandbox actions)', async () => {
      const c = await company();
      const held = (await card(c, REVIEW_CARD)).body;
      expect(held).toMatchObject({ status: 'IN_ANALYSIS', review: { dueBy: expect.any(String) } });
      expect((await c.transaction(held._id)).payables).toEqual([]);
      const review = (decision: string) => c.as('POST', '/sandbox/v1/transactions/review', { companyId: c.companyId, transactionId: held._id, decision });
      expect((await review('flag')).body.status).toBe('PENDING_REVIEW');
      expect((await review('approve')).body.status).toBe('PAID');
      expect(await c.moves()).toEqual([['transaction.created', 'card_payment', 'IN_ANALYSIS'], ['transaction.updated', 'review_started', 'PENDING_REVIEW'], ['transaction.updated', 'review_approved', 'PAID']]);
      expect((await c.transaction(held._id)).payables.map((p: { status: string }) => p.status)).toEqual(['WAITING_FUNDS']);
      const again = await review('approve');
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'conflict', error_messages: [{ path: 'transactionId' }] });
      expect(await c.events()).toEqual([]);
    });

    it('review_denied -> DECLINED by the action; the test clock flags a held payment the next day (row 11) and denies it after review.dueBy (row 12)', async () => {
      const c = await company();
      await c.startADay();
      const denied = (await card(c, REVIEW_CARD)).body;
      expect((await c.as('POST', '/sandbox/v1/transactions/review', { companyId: c.companyId, transactionId: denied._id, decision: 'deny' })).body.status).toBe('DECLINED');
      const lapsing = (await card(c, REVIEW_CARD)).body;
      await c.events();
      const first = (await c.advance(1)).moves;
      expect(first).toEqual([{ row: 11, resource: 'transaction', id: lapsing._id, to: 'PENDING_REVIEW' }]);
      const later = (await c.advance(3)).moves;
      expect(later).toEqual([{ row: 12, resource: 'transaction', id: lapsing._id, to: 'DECLINED' }]);
      expect(await c.moves()).toEqual([['transaction.updated', 'review_started', 'PENDING_REVIEW'], ['transaction.updated', 'review_denied', 'DECLINED']]);
      expect((await c.transaction(lapsing._id)).message).toBe('Denied by the fraud review');
    });

    it('a charge\'s payment (POST /v1/charge/pay) with the review card: IN_ANALYSIS, the charge waits (ACTIVE, no charge event); review_approved -> PAID with payables, the charge PAID (charge.paid)', async () => {
      const c = await company();
      const charge = await c.charge();
      await c.events();
      const paying = (await c.pay(charge._id, REVIEW_CARD)).body;
      expect([paying.charge.status, paying.transaction.status]).toEqual(['ACTIVE', 'IN_ANALYSIS']);
      expect(paying.transaction).toMatchObject({ chargeId: charge._id, review: { dueBy: expect.any(String) } });
      expect(await c.moves()).toEqual([['transaction.created', 'card_payment', 'IN_ANALYSIS']]);
      expect((await c.transaction(paying.transaction._id)).payables).toEqual([]);
      const approved = await c.as('POST', '/sandbox/v1/transactions/review', { companyId: c.companyId, transactionId: paying.transaction._id, decision: 'approve' });
      expect(approved.body).toMatchObject({ status: 'PAID', message: 'Approved after fraud review' });
      expect(approved.body.review).toBeUndefined();
      expect(await c.moves()).toEqual([['transaction.updated', 'review_approved', 'PAID'], ['charge.paid', 'paid', 'PAID']]);
      expect((await c.transaction(paying.transaction._id)).payables.map((p: { status: string }) => p.status)).toEqual(['WAITING_FUNDS']);
      const again = await c.pay(charge._id, PAID_PROFILE);
      expect(again.status).toBe(400);
      expect(again.body.error_messages).toEqual([expect.objectContaining({ path: '_id', msg: 'the charge is already paid' })]);
    });

    it('a charge\'s payment denied in review (the action, or the test clock after review.dueBy): the charge\'s failed attempt (attempts + 1, status left, charge.payment_failed), then payable by another card', async () => {
      const c = await company();
      await c.startADay();
      // Due in 30 days: the clock's 4 days below do not make it OVERDUE.
      const dueDate = new Date(Date.parse(await c.today()) + 30 * 86_400_000).toISOString().slice(0, 10);
      const charge = (await c.as('POST', '/v1/charge', { companyId: c.companyId, clientId: c.client._id, productId: c.product._id, amount: 12.5, dueDate })).body;
      const denied = (await c.pay(charge._id, REVIEW_CARD)).body.transaction;
      await c.events();
      expect((await c.as('POST', '/sandbox/v1/transactions/review', { companyId: c.companyId, transactionId: denied._id, decision: 'deny' })).body.status).toBe('DECLINED');
      expect(await c.moves()).toEqual([['transaction.updated', 'review_denied', 'DECLINED'], ['charge.payment_failed', 'declined', 'ACTIVE']]);
      const lapsing = (await c.pay(charge._id, REVIEW_CARD)).body.transaction;
      await c.events();
      await c.advance(4);
      const moves = await c.moves();
      expect(moves.filter(([type]) => type !== 'subscription.updated')).toEqual([
        ['transaction.updated', 'review_started', 'PENDING_REVIEW'], ['transaction.updated', 'review_denied', 'DECLINED'], ['charge.payment_failed', 'declined', 'ACTIVE']]);
      expect((await c.transaction(lapsing._id)).status).toBe('DECLINED');
      const paid = (await c.pay(charge._id, PAID_PROFILE)).body;
      expect([paid.transaction.status, paid.charge.status, paid.charge.attempts]).toEqual(['PAID', 'PAID', 2]);
    });

    it('held_voided: a charge\'s payment approved in review after the charge was paid by PIX -> CANCELED, no payables; the charge paid once', async () => {
      const c = await company();
      const charge = await c.charge();
      const held = (await c.pay(charge._id, REVIEW_CARD)).body.transaction;
      expect((await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: charge._id, paymentMethod: 'PIX' })).body.charge.status).toBe('PAID');
      await c.events();
      const approved = await c.as('POST', '/sandbox/v1/transactions/review', { companyId: c.companyId, transactionId: held._id, decision: 'approve' });
      expect(approved.body.status).toBe('CANCELED');
      expect(await c.moves()).toEqual([['transaction.updated', 'held_voided', 'CANCELED']]);
      expect(await c.transaction(held._id)).toMatchObject({ status: 'CANCELED', message: `Voided: charge ${charge._id} was PAID before this payment was approved`, payables: [] });
    });

    it('a subscription\'s own payment (POST /v1/subscription) with the review card is not held: PAID', async () => {
      const c = await company();
      const sub = await c.v1(REVIEW_CARD);
      expect([sub.status, sub.transaction.status]).toEqual(['ACTIVE', 'PAID']);
    });
  });

  describe('dispute rows', () => {
    it('dispute_opened -> DISPUTE on the transaction and disputed -> DISPUTE on its charge; dispute_won -> PAID on both', async () => {
      const c = await company();
      const charge = await c.charge();
      const paid = (await c.pay(charge._id, PAID_PROFILE)).body.transaction;
      await c.events();
      const dispute = (action: string) => c.as('POST', '/sandbox/v1/transactions/dispute', { companyId: c.companyId, transactionId: paid._id, action });
      const opened = (await dispute('open')).body;
      expect(opened).toMatchObject({ status: 'DISPUTE', dispute: { openedAt: opened.updatedAt, dueBy: expect.any(String) } });
      expect((await dispute('win')).body).toMatchObject({ status: 'PAID', dispute: { outcome: 'won' } });
      expect(await c.moves()).toEqual([
        ['transaction.updated', 'dispute_opened', 'DISPUTE'], ['charge.updated', 'disputed', 'DISPUTE'],
        ['transaction.updated', 'dispute_won', 'PAID'], ['charge.updated', 'dispute_won', 'PAID']]);
      expect((await c.transaction(paid._id)).payables.map((p: { status: string }) => p.status)).toEqual(['WAITING_FUNDS']);
    });

    it('dispute_lost -> CHARGEBACK by the action: payables reversed (GET /sandbox/v1/payables), the charge chargeback -> CHARGEBACK; a dispute of a DECLINED transaction is 409 conflict and moves nothing', async () => {
      const c = await company();
      const charge = await c.charge();
      const paid = (await c.pay(charge._id, PAID_PROFILE)).body.transaction;
      const dispute = (transactionId: string, action: string) => c.as('POST', '/sandbox/v1/transactions/dispute', { companyId: c.companyId, transactionId, action });
      await dispute(paid._id, 'open');
      await c.events();
      expect((await dispute(paid._id, 'lose')).body).toMatchObject({ status: 'CHARGEBACK', dispute: { outcome: 'lost' } });
      expect(await c.moves()).toEqual([['transaction.updated', 'dispute_lost', 'CHARGEBACK'], ['charge.updated', 'chargeback', 'CHARGEBACK']]);
      const payables = (await c.as('GET', `/sandbox/v1/payables?companyId=${c.companyId}&transactionId=${paid._id}`)).body.items;
      expect(payables.map((p: { status: string }) => p.status)).toEqual(['REVERSED']);
      const declined = (await card(c, DECLINED)).body;
      await c.events();
      const refused = await dispute(declined._id, 'open');
      expect(refused.status).toBe(409);
      expect(refused.body.error_messages[0]).toMatchObject({ path: 'transactionId', msg: expect.stringMatching(/DECLINED: dispute_opened is not a move/) });
      expect((await c.transaction(declined._id)).status).toBe('DECLINED');
      expect(await c.events()).toEqual([]);
    });

    it('the test clock loses a dispute unanswered past dispute.dueBy (row 13)', async () => {
      const c = await company();
      await c.startADay();
      const paid = (await card(c)).body;
      const opened = (await c.as('POST', '/sandbox/v1/transactions/dispute', { companyId: c.companyId, transactionId: paid._id, action: 'open' })).body;
      await c.events();
      expect((await c.advance(7)).moves.filter((m: { row: number }) => m.row === 13)).toEqual([]);
      expect((await c.advance(1)).moves).toContainEqual({ row: 13, resource: 'transaction', id: paid._id, to: 'CHARGEBACK' });
      expect((await c.transaction(paid._id)).dispute).toEqual({ ...opened.dispute, outcome: 'lost' });
      expect(await c.moves()).toContainEqual(['transaction.updated', 'dispute_lost', 'CHARGEBACK']);
    });
  });

  describe('3-D Secure rows', () => {
    /** The shopper's button on the challenge page: a body-less form post to the challenge's URL. */
    const answer = (url: string, button: 'complete' | 'fail') =>
      sandbox().app.inject({ method: 'POST', url: `${new URL(url).pathname}/${button}`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });

    it('(new) card_payment -> PENDING_3DS; challenge_passed -> PAID or AUTHORIZED; challenge_failed and challenge_expired -> DECLINED', async () => {
      const c = await company();
      const passed = (await card(c, CHALLENGE)).body;
      const authorized = (await card(c, CHALLENGE, { capture: false })).body;
      const failed = (await card(c, FAILS_CHALLENGE)).body;
      const lapsing = (await card(c, CHALLENGE)).body;
      expect([passed, authorized, failed, lapsing].map((t) => t.status)).toEqual(Array(4).fill('PENDING_3DS'));
      expect(await c.moves()).toEqual(Array(4).fill(['transaction.created', 'card_payment', 'PENDING_3DS']));
      await answer(passed.nextAction.url, 'complete');
      await answer(authorized.nextAction.url, 'complete');
      await answer(failed.nextAction.url, 'complete'); // this card fails every challenge
      expect(await c.moves()).toEqual([
        ['transaction.updated', 'challenge_passed', 'PAID'], ['transaction.updated', 'challenge_passed', 'AUTHORIZED'], ['transaction.updated', 'challenge_failed', 'DECLINED']]);
      // Authorized when the challenge passed: its capture window runs from then.
      const passedAuthorized = await c.transaction(authorized._id);
      expect(Date.parse(passedAuthorized.captureBefore) - Date.parse(passedAuthorized.updatedAt)).toBe(7 * 86_400_000);
      expect((await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, seconds: 11 * 60 })).body.moves)
        .toContainEqual({ row: 14, resource: 'transaction', id: lapsing._id, to: 'DECLINED' });
      expect(await c.moves()).toEqual([['transaction.updated', 'challenge_expired', 'DECLINED']]);
      expect((await c.transaction(passed._id)).nextAction).toBeUndefined();
    });

    it('held_voided: PENDING_3DS -> CANCELED when the challenge is completed after its charge was paid by PIX; the charge is not moved', async () => {
      const c = await company();
      const charge = await c.charge();
      const held = (await c.pay(charge._id, CHALLENGE)).body.transaction;
      await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: charge._id, paymentMethod: 'PIX' });
      await c.events();
      await answer(held.nextAction.url, 'complete');
      expect(await c.moves()).toEqual([['transaction.updated', 'held_voided', 'CANCELED']]);
      expect(await c.transaction(held._id)).toMatchObject({ status: 'CANCELED', message: `Voided: charge ${charge._id} was PAID before this payment was approved`, payables: [] });
    });
  });

  describe('refusals of the provider and the antifraud', () => {
    it('(new) card_payment -> ERROR_PAYMENT and INVALID_PAYMENT (the provider answered: acquirer kept, no other route tried), BLOCKED (no provider asked); each a charge\'s failed attempt, a subscription\'s first payment ERROR_PAYMENT', async () => {
      const c = await company();
      const error = (await card(c, ERROR_CARD)).body;
      const invalid = (await card(c, INVALID_CARD)).body;
      const blocked = (await card(c, BLOCKED_CARD)).body;
      expect(error).toMatchObject({ status: 'ERROR_PAYMENT', message: 'The provider could not process the payment', acquirer: { provider: expect.any(String) } });
      expect(error.acquirer.authorizationCode).toBeUndefined();
      expect(error.routing.routes.filter((r: { outcome: string }) => r.outcome !== 'not_tried' && r.outcome !== 'skipped')).toHaveLength(1);
      expect(invalid).toMatchObject({ status: 'INVALID_PAYMENT', message: 'Security code incorrect' });
      expect(blocked).toMatchObject({ status: 'BLOCKED', message: 'Blocked by the antifraud: high risk' });
      expect(blocked.acquirer).toBeUndefined();
      expect(blocked.routing).toBeUndefined();
      expect(await c.moves()).toEqual([
        ['transaction.created', 'card_payment', 'ERROR_PAYMENT'], ['transaction.created', 'card_payment', 'INVALID_PAYMENT'], ['transaction.created', 'card_payment', 'BLOCKED']]);
      const charge = await c.charge();
      await c.events();
      expect((await c.pay(charge._id, BLOCKED_CARD)).body.charge).toMatchObject({ status: 'ACTIVE', attempts: 1 });
      expect(await c.moves()).toEqual([['transaction.created', 'card_payment', 'BLOCKED'], ['charge.payment_failed', 'declined', 'ACTIVE']]);
      const sub = await c.v1(ERROR_CARD);
      expect([sub.status, sub.transaction.status]).toEqual(['ERROR_PAYMENT', 'ERROR_PAYMENT']);
      expect(await c.moves()).toContainEqual(['subscription.updated', 'payment_failed', 'ERROR_PAYMENT']);
    });
  });

  describe('PROCESSING rows (a delayed provider, the test clock)', () => {
    it('(new) card_payment -> PROCESSING under a delayed fault; past processing.settlesAt the clock (row 16) moves provider_answered -> PAID with payables, AUTHORIZED, DECLINED; a charge paid meanwhile waits, then PAID; a subscription\'s first payment, then ERROR_PAYMENT', async () => {
      const c = await company();
      // The company's clock is the real time plus its offset: begun past midnight, the 11 minutes below never cross a day (whose start would move the charge).
      await c.startADay();
      const provider = (await card(c)).body.acquirer.provider;
      expect((await c.as('POST', '/sandbox/v1/faults', { companyId: c.companyId, providerId: provider, kind: 'delayed', seconds: 3600 })).status).toBe(200);
      const paid = (await card(c)).body;
      const authorized = (await card(c, PAID_PROFILE, { capture: false })).body;
      const declined = (await card(c, DECLINED)).body;
      expect(paid).toMatchObject({ status: 'PROCESSING', acquirer: { provider }, processing: { capture: true, payer: 'shopper' } });
      expect(paid.acquirer.authorizationCode).toBeUndefined();
      expect(Date.parse(paid.processing.settlesAt) - Date.parse(paid.createdAt)).toBe(10 * 60_000);
      expect((await c.transaction(paid._id)).payables).toEqual([]);
      const charge = await c.charge();
      const paying = (await c.pay(charge._id, PAID_PROFILE)).body;
      expect([paying.charge.status, paying.transaction.status]).toEqual(['ACTIVE', 'PROCESSING']);
      const sub = await c.v1(DECLINED);
      expect([sub.status, sub.transaction.status, sub.transaction.processing.payer]).toEqual(['PENDING_PAYMENT', 'PROCESSING', 'subscription']);
      await c.events();
      expect((await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, seconds: 9 * 60 })).body.moves).toEqual([]);
      const moved = (await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, seconds: 2 * 60 })).body.moves.filter((m: { row: number }) => m.row === 16);
      expect(moved.map((m: { id: string; to: string }) => [m.id, m.to])).toEqual([
        [paid._id, 'PAID'], [authorized._id, 'AUTHORIZED'], [declined._id, 'DECLINED'], [paying.transaction._id, 'PAID'], [sub.transaction._id, 'DECLINED']]);
      const moves = await c.moves();
      expect(moves.slice(0, 3)).toEqual([
        ['transaction.updated', 'provider_answered', 'PAID'], ['transaction.updated', 'provider_answered', 'AUTHORIZED'], ['transaction.updated', 'provider_answered', 'DECLINED']]);
      expect(moves).toContainEqual(['charge.paid', 'paid', 'PAID']);
      expect(moves).toContainEqual(['charge.payment_failed', 'payment_failed', 'ERROR_PAYMENT']);
      expect(moves).toContainEqual(['subscription.updated', 'payment_failed', 'ERROR_PAYMENT']);
      const settled = await c.transaction(paid._id);
      expect(settled).toMatchObject({ status: 'PAID', updatedAt: paid.processing.settlesAt, acquirer: { authorizationCode: expect.stringMatching(/^\d{6}$/) } });
      expect(settled.processing).toBeUndefined();
      expect(settled.payables.map((p: { status: string }) => p.status)).toEqual(['WAITING_FUNDS']);
      expect((await c.transaction(declined._id)).message).toBe('Declined by the issuer');
      expect((await c.full(sub._id)).status).toBe('ERROR_PAYMENT');
    });
  });

  describe('STANDBY rows (the merchant account on standby)', () => {
    it('(new) card_payment -> STANDBY while the company is on standby (approved, no payables; a charge\'s payment still PAID); standby_released -> PAID with payables when it is taken off', async () => {
      const c = await company();
      const settings = (standby: boolean) => c.as('PUT', '/sandbox/v1/company/settings', { companyId: c.companyId, standby });
      expect((await settings(true)).body.standby).toBe(true);
      const held = (await card(c)).body;
      const authorized = (await card(c, PAID_PROFILE, { capture: false })).body;
      const charge = await c.charge();
      const paid = (await c.pay(charge._id, PAID_PROFILE)).body;
      expect([held.status, authorized.status, paid.transaction.status]).toEqual(['STANDBY', 'AUTHORIZED', 'PAID']);
      expect(held).toMatchObject({ message: 'Approved; held while the merchant account is on standby', acquirer: { authorizationCode: expect.any(String) } });
      expect((await c.transaction(held._id)).payables).toEqual([]);
      await c.events();
      await settings(false);
      expect(await c.moves()).toEqual([['transaction.updated', 'standby_released', 'PAID']]);
      const released = await c.transaction(held._id);
      expect(released.status).toBe('PAID');
      expect(released.payables.map((p: { status: string }) => p.status)).toEqual(['WAITING_FUNDS']);
      expect((await card(c)).body.status).toBe('PAID');
    });
  });
}
