// The charge's table (domain/states/charge.ts): created, paid, declined, no
// route, PIX and boleto, an alert's refund; a refund refused, anticipation,
// disabling, and an imported charge falling OVERDUE.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowOf } from '../support/state-rows.js';
import { DECLINED, NETWORK_A, PAID_PROFILE, type StateKit } from './kit.js';

export function chargeStates({ company }: StateKit) {
  describe('charge rows', () => {
    it('(new) created -> ACTIVE (POST /v1/charge): charge.created', async () => {
      const c = await company();
      const charge = await c.charge();
      expect(charge.status).toBe('ACTIVE');
      expect(await c.events()).toEqual([expect.objectContaining({ type: 'charge.created', data: { charge, move: 'created' } })]);
    });

    it('open paid -> PAID (POST /v1/charge/pay): charge.paid carries the charge after the write', async () => {
      const c = await company();
      const charge = await c.charge();
      await c.events();
      const paid = (await c.pay(charge._id, PAID_PROFILE)).body;
      const events = await c.events();
      expect(events.map((e) => e.type)).toEqual(['transaction.created', 'charge.paid']);
      expect(events[1]!.data).toEqual({ charge: paid.charge, previousStatus: 'ACTIVE', move: 'paid', transactionId: paid.transaction._id });
      expect(paid.charge.status).toBe('PAID');
    });

    it('open declined -> (unchanged) (POST /v1/charge/pay, a declined card): charge.payment_failed, attempts and updatedAt moved', async () => {
      const c = await company();
      const charge = await c.charge();
      await c.events();
      await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, seconds: 60 });
      const answer = (await c.pay(charge._id, DECLINED)).body;
      expect(answer.charge).toMatchObject({ status: 'ACTIVE', attempts: 1 });
      expect(answer.charge.updatedAt).not.toBe(charge.updatedAt);
      expect(answer.charge.updatedAt).toBe(answer.transaction.createdAt);
      const events = await c.events();
      expect(events.map((e) => e.type)).toEqual(['transaction.created', 'charge.payment_failed']);
      expect(events[1]!.data).toEqual({ charge: answer.charge, previousStatus: 'ACTIVE', move: 'declined', transactionId: answer.transaction._id });
    });

    it('open no_route -> NO_PAYMENT_ROUTE (POST /v1/charge/pay with no route): charge.payment_failed', async () => {
      const c = await company();
      const charge = await c.charge();
      await c.noRoutes();
      await c.events();
      expect((await c.pay(charge._id, PAID_PROFILE)).body.charge.status).toBe('NO_PAYMENT_ROUTE');
      expect(await c.moves()).toEqual([['transaction.created', 'card_payment', 'NO_PAYMENT_ROUTE'], ['charge.payment_failed', 'no_route', 'NO_PAYMENT_ROUTE']]);
    });

    it('open slip_issued -> PENDING_PAYMENT (POST /v1/charge/pay by PIX), PENDING_PAYMENT slip_expired -> ACTIVE, (new) slip_expired -> DISCARDED, (new) slip_settled -> PAID: PIX expired then settled', async () => {
      const c = await company();
      const charge = await c.charge();
      await c.events();
      const issued = (await c.pay(charge._id, undefined, 'PIX')).body;
      expect(issued.charge).toMatchObject({ status: 'PENDING_PAYMENT', slip: { paymentMethod: 'PIX' } });
      const [event] = await c.events();
      expect(event).toMatchObject({ type: 'charge.updated', data: { move: 'slip_issued', previousStatus: 'ACTIVE', charge: issued.charge } });
      await c.as('POST', '/sandbox/v1/charges/expire', { companyId: c.companyId, chargeId: charge._id });
      expect(await c.moves()).toEqual([['transaction.created', 'slip_expired', 'DISCARDED'], ['charge.payment_failed', 'slip_expired', 'ACTIVE']]);
      await c.pay(charge._id, undefined, 'PIX');
      expect(await c.moves()).toEqual([['charge.updated', 'slip_issued', 'PENDING_PAYMENT']]);
      await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: charge._id, paymentMethod: 'PIX' });
      expect(await c.moves()).toEqual([['transaction.created', 'slip_settled', 'PAID'], ['charge.paid', 'paid', 'PAID']]);
    });

    it('PENDING_PAYMENT pix_removed -> ACTIVE (POST /sandbox/v1/charges/remove-pix): charge.updated, no attempt counted, the charge payable by a new PIX', async () => {
      const c = await company();
      const charge = await c.charge();
      const issued = (await c.pay(charge._id, undefined, 'PIX')).body;
      await c.events();
      const removed = await c.as('POST', '/sandbox/v1/charges/remove-pix', { companyId: c.companyId, chargeId: charge._id });
      expect(removed.body).toMatchObject({ status: 'ACTIVE', pixCob: { txid: issued.pix.txid, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' } });
      expect(removed.body.slip).toBeUndefined();
      expect(removed.body.attempts ?? 0).toBe(0);
      expect(await c.moves()).toEqual([['charge.updated', 'pix_removed', 'ACTIVE']]);
      expect((await c.as('POST', '/sandbox/v1/charges/remove-pix', { companyId: c.companyId, chargeId: charge._id })).status).toBe(400);
      const again = (await c.pay(charge._id, undefined, 'PIX')).body;
      expect(again.pix.txid).not.toBe(issued.pix.txid);
    });

    it('PAID refunded_alert -> CANCELED_ALERT_NETWORK_A (a NETWORK_A card pays the charge)', async () => {
      const c = await company();
      const charge = await c.charge();
      await c.events();
      await c.pay(charge._id, NETWORK_A);
      expect(await c.moves()).toEqual([
        ['transaction.created', 'card_payment', 'PAID'], ['charge.paid', 'paid', 'PAID'],
        ['transaction.updated', 'refund', 'CANCELED'], ['charge.updated', 'refunded_alert', 'CANCELED_ALERT_NETWORK_A'], ['alert.created', 'raised', 'REFUNDED']]);
    });
  });

  describe('charge statuses: imported and overdue, refund refused, anticipated, disabled', () => {
    it('an IMPORTED charge unpaid past its due date overdue -> OVERDUE by the test clock (row 5), as an ACTIVE one', async () => {
      const c = await company();
      const queued = (await c.as('POST', '/v1/subscription/list', { companyId: c.companyId, list: [{ productId: c.product._id, clientId: c.client._id, dueDate: await c.today(), paymentMethod: 'PIX' }] })).body;
      let batch;
      do {
        await new Promise((resolve) => setTimeout(resolve, 50));
        batch = (await c.as('GET', `/sandbox/v1/subscription/batches/${queued.batchId}`)).body;
      } while (batch.status !== 'done');
      await c.events();
      await c.advance(2);
      const moves = await c.moves();
      expect(moves).toContainEqual(['charge.overdue', 'overdue', 'OVERDUE']);
      expect(moves).toContainEqual(['subscription.updated', 'overdue', 'OVERDUE']);
      expect(await c.full(batch.results[0].subscriptionId)).toMatchObject({ status: 'OVERDUE', charges: [{ status: 'OVERDUE' }] });
    });

    it('PAID refund_failed -> ERROR_REFUNDED on the charge when its payment\'s refund is refused (a refund_refused fault, then a NETWORK_B alert): payables kept', async () => {
      const c = await company();
      const charge = await c.charge();
      const paid = (await c.pay(charge._id, PAID_PROFILE)).body.transaction;
      await c.as('POST', '/sandbox/v1/faults', { companyId: c.companyId, providerId: paid.acquirer.provider, kind: 'refund_refused', seconds: 3600 });
      await c.events();
      expect((await c.as('POST', '/sandbox/v1/alerts/raise', { companyId: c.companyId, transactionId: paid._id, type: 'NETWORK_B' })).body.status).toBe('ERROR_REFUNDED');
      const events = await c.events();
      expect(events.map((e) => [e.type, e.data.move, e.data[rowOf(e)!.machine.resource].status])).toEqual([
        ['transaction.updated', 'refund_failed', 'ERROR_REFUNDED'], ['charge.updated', 'refund_failed', 'ERROR_REFUNDED'], ['alert.created', 'rdr_refund_failed', 'ERROR_REFUNDED']]);
      expect(events[1]!.data).toMatchObject({ previousStatus: 'PAID', transactionId: paid._id, charge: { _id: charge._id, status: 'ERROR_REFUNDED', active: true } });
      expect((await c.transaction(paid._id)).payables.map((p: { status: string }) => p.status)).toEqual(['WAITING_FUNDS']);
    });

    it('PAID anticipated -> ANTICIPATED (POST /sandbox/v1/charges/anticipate): the company\'s waiting payables PAID today less 1.99% per 30 days early, rounded half up; again, or a PIX paid D+0, is 409 conflict and moves nothing', async () => {
      const c = await company();
      const charge = await c.charge();
      const paid = (await c.pay(charge._id, PAID_PROFILE)).body.transaction;
      const [before] = (await c.as('GET', `/sandbox/v1/payables?companyId=${c.companyId}&transactionId=${paid._id}`)).body.items;
      expect(before.status).toBe('WAITING_FUNDS');
      const today = await c.today();
      const days = (Date.parse(before.availableOn) - Date.parse(today)) / 86_400_000;
      expect(days).toBeGreaterThan(0);
      const fee = Math.floor((before.netAmount * 199 * days + 150_000) / 300_000);
      await c.events();
      const answer = await c.as('POST', '/sandbox/v1/charges/anticipate', { companyId: c.companyId, chargeId: charge._id });
      expect(answer.status).toBe(200);
      expect(answer.body.charge.status).toBe('ANTICIPATED');
      const after = { ...before, status: 'PAID', netAmount: before.netAmount - fee, anticipationFee: fee, anticipatedFrom: before.availableOn, availableOn: today, updatedAt: expect.any(String) };
      expect(answer.body.anticipation).toEqual({ transactionId: paid._id, payables: [after], fee, netAmount: before.netAmount - fee });
      expect((await c.as('GET', `/sandbox/v1/payables?companyId=${c.companyId}&transactionId=${paid._id}`)).body.items).toEqual([after]);
      const [event] = await c.events();
      expect(event).toMatchObject({ type: 'charge.updated', data: { move: 'anticipated', previousStatus: 'PAID', charge: answer.body.charge, transactionId: paid._id, anticipation: { fee, netAmount: before.netAmount - fee } } });
      const again = await c.as('POST', '/sandbox/v1/charges/anticipate', { companyId: c.companyId, chargeId: charge._id });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'conflict', error_messages: [{ path: 'chargeId' }] });
      const pix = await c.charge();
      await c.pay(pix._id, undefined, 'PIX');
      await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: pix._id, paymentMethod: 'PIX' });
      await c.events();
      const nothing = await c.as('POST', '/sandbox/v1/charges/anticipate', { companyId: c.companyId, chargeId: pix._id });
      expect(nothing.status).toBe(409);
      expect(nothing.body.error_messages[0]).toMatchObject({ path: 'chargeId', msg: expect.stringMatching(/nothing to anticipate/) });
      expect(await c.events()).toEqual([]);
    });

    it('the anticipation fee is netAmount x 199 x days / 300,000 rounded half up, never more than netAmount (property)', async () => {
      const { anticipationFee } = await import('../../../packages/sandbox/domain/billing-actions.js');
      fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 0, max: 400 }), (net, days) => {
        const fee = anticipationFee(net, days);
        const exact = (net * 199 * days) / 300_000;
        expect(Number.isInteger(fee)).toBe(true);
        expect(fee).toBe(Math.min(net, exact - Math.floor(exact) >= 0.5 ? Math.ceil(exact) : Math.floor(exact)));
      }));
      expect(anticipationFee(10_000, 30)).toBe(199);
      expect(anticipationFee(150, 5)).toBe(0); // 0.4975 cents: rounds down
      expect(anticipationFee(1_508, 5)).toBe(5); // 5.0020... cents
    });

    it('open disabled -> DISABLED (POST /sandbox/v1/charges/disable): inactive, its slip gone, never payable; again is 409 conflict and moves nothing', async () => {
      const c = await company();
      const charge = await c.charge();
      await c.pay(charge._id, undefined, 'BOLETO');
      await c.events();
      const disabled = await c.as('POST', '/sandbox/v1/charges/disable', { companyId: c.companyId, chargeId: charge._id });
      expect(disabled.body).toMatchObject({ status: 'DISABLED', active: false });
      expect(disabled.body.slip).toBeUndefined();
      const [event] = await c.events();
      expect(event).toMatchObject({ type: 'charge.updated', data: { move: 'disabled', previousStatus: 'PENDING_PAYMENT', charge: disabled.body } });
      expect((await c.pay(charge._id, PAID_PROFILE)).status).toBe(400);
      const again = await c.as('POST', '/sandbox/v1/charges/disable', { companyId: c.companyId, chargeId: charge._id });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'conflict', error_messages: [{ path: 'chargeId' }] });
      expect(await c.events()).toEqual([]);
    });
  });
}
