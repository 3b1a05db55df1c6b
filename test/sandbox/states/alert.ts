// The alert's table (domain/states/alert.ts): the service's own alerts, the
// networks' lifecycle (raise, respond, lapse), and a notice withdrawn.
import { describe, expect, it } from 'vitest';
import { DECLINED, NETWORK_B, PAID_PROFILE, type Co, type StateKit } from './kit.js';

export function alertStates({ company, card }: StateKit) {
  describe('alert rows', () => {
    it('(new) raised -> REFUNDED (POST /sandbox/v1/alerts NETWORK_A on a paid transaction), resolved -> RESOLVED; resolving again emits nothing', async () => {
      const c = await company();
      const paid = (await card(c)).body;
      await c.events();
      const alert = (await c.as('POST', '/sandbox/v1/alerts', { companyId: c.companyId, transactionId: paid._id, type: 'NETWORK_A' })).body;
      expect(alert.status).toBe('REFUNDED');
      expect(await c.moves()).toEqual([['transaction.updated', 'refund', 'CANCELED'], ['alert.created', 'raised', 'REFUNDED']]);
      await c.as('POST', '/v1/alert/update/resolved', { companyId: c.companyId, alertId: alert._id });
      expect(await c.moves()).toEqual([['alert.updated', 'resolved', 'RESOLVED']]);
      await c.as('POST', '/v1/alert/update/resolved', { companyId: c.companyId, alertId: alert._id });
      expect(await c.events()).toEqual([]);
    });

    it('NETWORK_B raised -> CREATED on payment with its test card', async () => {
      const c = await company();
      await card(c, NETWORK_B);
      expect(await c.moves()).toEqual([['transaction.created', 'card_payment', 'PAID'], ['alert.created', 'raised', 'CREATED']]);
    });
  });

  describe('alert network rows (POST /sandbox/v1/alerts/raise)', () => {
    const raise = (c: Co, body: Record<string, unknown>) => c.as('POST', '/sandbox/v1/alerts/raise', { companyId: c.companyId, ...body });
    const respond = (c: Co, alertId: string, action: string) => c.as('POST', '/sandbox/v1/alerts/respond', { companyId: c.companyId, alertId, action });

    it('NETWORK_A (new) network_raised -> CREATED with respondBy 3 days on, acknowledged -> ACKNOWLEDGEMENT, merchant_refunded -> REFUNDED (the transaction refunded, its charge refunded_alert); a second acknowledge is 409 conflict and moves nothing', async () => {
      const c = await company();
      const charge = await c.charge();
      const paid = (await c.pay(charge._id, PAID_PROFILE)).body.transaction;
      await c.events();
      const today = await c.today();
      const alert = (await raise(c, { transactionId: paid._id, type: 'NETWORK_A', externalReference: 'eth-1' })).body;
      expect(alert).toMatchObject({ status: 'CREATED', type: 'NETWORK_A', transactionId: paid._id, externalReference: 'eth-1', values: { amount: 1250 } });
      expect(Date.parse(alert.respondBy) - Date.parse(today)).toBe(3 * 86_400_000);
      expect(await c.moves()).toEqual([['alert.created', 'network_raised', 'CREATED']]);
      expect((await c.transaction(paid._id)).status).toBe('PAID');
      expect((await respond(c, alert._id, 'acknowledge')).body.status).toBe('ACKNOWLEDGEMENT');
      expect(await c.moves()).toEqual([['alert.updated', 'acknowledged', 'ACKNOWLEDGEMENT']]);
      const again = await respond(c, alert._id, 'acknowledge');
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'conflict', error_messages: [{ path: 'alertId' }] });
      expect(await c.events()).toEqual([]);
      expect((await respond(c, alert._id, 'refund')).body.status).toBe('REFUNDED');
      expect(await c.moves()).toEqual([
        ['transaction.updated', 'refund', 'CANCELED'], ['charge.updated', 'refunded_alert', 'CANCELED_ALERT_NETWORK_A'], ['alert.updated', 'merchant_refunded', 'REFUNDED']]);
      expect((await c.transaction(paid._id)).status).toBe('CANCELED');
    });

    it('NETWORK_A window_lapsed -> DISPUTE by the test clock the day after respondBy (row 15): the transaction dispute_opened -> DISPUTE, its charge disputed -> DISPUTE; an acknowledged alert lapses not', async () => {
      const c = await company();
      await c.startADay();
      const charge = await c.charge();
      const paid = (await c.pay(charge._id, PAID_PROFILE)).body.transaction;
      const handled = (await card(c)).body;
      const alert = (await raise(c, { transactionId: paid._id, type: 'NETWORK_A' })).body;
      const acknowledged = (await raise(c, { transactionId: handled._id, type: 'NETWORK_A' })).body;
      await respond(c, acknowledged._id, 'acknowledge');
      await c.events();
      expect((await c.advance(3)).moves).toEqual([]);
      expect(await c.events()).toEqual([]);
      expect((await c.advance(1)).moves).toEqual([{ row: 15, resource: 'alert', id: alert._id, to: 'DISPUTE' }]);
      expect(await c.moves()).toEqual([
        ['alert.updated', 'window_lapsed', 'DISPUTE'], ['transaction.updated', 'dispute_opened', 'DISPUTE'], ['charge.updated', 'disputed', 'DISPUTE']]);
      expect((await c.transaction(paid._id)).status).toBe('DISPUTE');
      expect((await c.transaction(handled._id)).status).toBe('PAID');
    });

    it('NETWORK_B (new) rdr_refunded -> REFUNDED (the transaction refund -> CANCELED, its charge refunded -> CANCELED); under a refund_refused fault (new) rdr_refund_failed -> ERROR_REFUNDED and the transaction refund_failed -> ERROR_REFUNDED', async () => {
      const c = await company();
      const charge = await c.charge();
      const paid = (await c.pay(charge._id, PAID_PROFILE)).body.transaction;
      await c.events();
      expect((await raise(c, { transactionId: paid._id, type: 'NETWORK_B' })).body).toMatchObject({ status: 'REFUNDED', type: 'NETWORK_B', transactionId: paid._id });
      expect(await c.moves()).toEqual([['transaction.updated', 'refund', 'CANCELED'], ['charge.updated', 'refunded', 'CANCELED'], ['alert.created', 'rdr_refunded', 'REFUNDED']]);
      const refused = (await card(c)).body;
      const fault = await c.as('POST', '/sandbox/v1/faults', { companyId: c.companyId, providerId: refused.acquirer.provider, kind: 'refund_refused', seconds: 3600 });
      expect(fault.status).toBe(200);
      await c.events();
      expect((await raise(c, { transactionId: refused._id, type: 'NETWORK_B' })).body.status).toBe('ERROR_REFUNDED');
      expect(await c.moves()).toEqual([['transaction.updated', 'refund_failed', 'ERROR_REFUNDED'], ['alert.created', 'rdr_refund_failed', 'ERROR_REFUNDED']]);
      expect(await c.transaction(refused._id)).toMatchObject({ status: 'ERROR_REFUNDED', payables: [{ status: 'WAITING_FUNDS' }] });
    });

    it('(new) network_raised -> NOT_FOUND for a notice naming no transaction of the company (none, unknown, another company\'s); a transaction not PAID is 409 conflict on transactionId and moves nothing', async () => {
      const c = await company();
      const other = await company();
      const theirs = (await card(other)).body;
      await c.events();
      for (const transactionId of [undefined, 'no_such_transaction', theirs._id]) {
        const alert = (await raise(c, { type: 'NETWORK_A', ...(transactionId ? { transactionId } : {}), externalReference: 'ref-nf' })).body;
        expect(alert).toMatchObject({ status: 'NOT_FOUND', externalReference: 'ref-nf', values: { amount: 0 } });
        expect(alert.transactionId).toBeUndefined();
      }
      expect(await c.moves()).toEqual(Array(3).fill(['alert.created', 'network_raised', 'NOT_FOUND']));
      expect((await other.as('GET', `/v1/transaction/full?transactionId=${theirs._id}`)).body.status).toBe('PAID');
      const declined = (await card(c, DECLINED)).body;
      await c.events();
      const refused = await raise(c, { transactionId: declined._id, type: 'NETWORK_B' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'conflict', error_messages: [{ path: 'transactionId' }] });
      expect(await c.events()).toEqual([]);
    });
  });

  describe('an alert withdrawn by its network', () => {
    it('network_withdrew -> CANCELED from CREATED and from ACKNOWLEDGEMENT (POST /sandbox/v1/alerts/withdraw): the transaction left PAID, no dispute by the clock; withdrawing again is 409 conflict on alertId and moves nothing', async () => {
      const c = await company();
      await c.startADay();
      const first = (await card(c)).body;
      const second = (await card(c)).body;
      const raise = async (transactionId: string) => (await c.as('POST', '/sandbox/v1/alerts/raise', { companyId: c.companyId, transactionId, type: 'NETWORK_A' })).body;
      const created = await raise(first._id);
      const acknowledged = await raise(second._id);
      await c.as('POST', '/sandbox/v1/alerts/respond', { companyId: c.companyId, alertId: acknowledged._id, action: 'acknowledge' });
      await c.events();
      const withdraw = (alertId: string) => c.as('POST', '/sandbox/v1/alerts/withdraw', { companyId: c.companyId, alertId });
      expect((await withdraw(created._id)).body).toMatchObject({ _id: created._id, status: 'CANCELED' });
      expect((await withdraw(acknowledged._id)).body.status).toBe('CANCELED');
      expect(await c.moves()).toEqual([['alert.updated', 'network_withdrew', 'CANCELED'], ['alert.updated', 'network_withdrew', 'CANCELED']]);
      const again = await withdraw(created._id);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'conflict', error_messages: [{ path: 'alertId' }] });
      expect((await c.advance(4)).moves.filter((m: { row: number }) => m.row === 15)).toEqual([]);
      expect(await c.events()).toEqual([]);
      expect((await c.transaction(first._id)).status).toBe('PAID');
    });
  });
}
