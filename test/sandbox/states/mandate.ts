// The PIX Automático mandate's table (domain/states/mandate.ts, the sandbox's
// extension): asked for, then each answer of the payer's bank (approve, reject,
// expire by the action and by the test clock, revoke), the debits declined, and
// the mandate canceled with its subscription; journeys 3 and 4 pay the first charge.
import { describe, expect, it } from 'vitest';
import type { Co, StateKit } from './kit.js';

export function mandateStates({ company }: StateKit) {
  /** A PIX subscription (POST /v2/subscription) and a mandate asked for it by `journey`. */
  async function asked(c: Co, journey: number) {
    const { subscription, charge } = await c.v2();
    await c.events();
    const answer = await c.as('POST', '/sandbox/v1/mandates', { companyId: c.companyId, subscriptionId: subscription._id, journey });
    expect(answer.status).toBe(200);
    return { subscription, charge, ...answer.body };
  }
  const bank = (c: Co, mandateId: string, action: string, extra: Record<string, unknown> = {}) =>
    c.as('POST', '/sandbox/v1/mandates/bank', { companyId: c.companyId, mandateId, action, ...extra });

  describe('mandate rows (PIX Automático)', () => {
    it('(new) requested -> PENDING, then approved -> ACTIVE with the payer\'s maxAmount (journey 2: nothing paid)', async () => {
      const c = await company();
      const { mandate } = await asked(c, 2);
      expect(await c.moves()).toEqual([['mandate.created', 'requested', 'PENDING']]);
      const approved = await bank(c, mandate._id, 'approve', { maxAmount: 1500 });
      expect(approved.body.mandate).toMatchObject({ status: 'ACTIVE', maxAmount: 1500, history: [{ status: 'CRIADA' }, { status: 'APROVADA' }] });
      expect(approved.body.transaction).toBeUndefined();
      expect(await c.moves()).toEqual([['mandate.updated', 'approved', 'ACTIVE']]);
    });

    it('journey 3: approved pays the first charge by PIX with it (charge.paid, the subscription ACTIVE); rejected pays nothing', async () => {
      const c = await company();
      const { mandate, charge } = await asked(c, 3);
      expect(await c.moves()).toEqual([['mandate.created', 'requested', 'PENDING'], ['charge.updated', 'slip_issued', 'PENDING_PAYMENT']]);
      const approved = await bank(c, mandate._id, 'approve');
      expect(approved.body).toMatchObject({ mandate: { status: 'ACTIVE' }, charge: { _id: charge._id, status: 'PAID' }, transaction: { paymentMethod: 'PIX', status: 'PAID' } });
      const moves = await c.moves();
      expect(moves[0]).toEqual(['mandate.updated', 'approved', 'ACTIVE']);
      expect(moves).toContainEqual(['charge.paid', 'paid', 'PAID']);
      expect(moves).toContainEqual(['subscription.updated', 'paid', 'ACTIVE']);
      const c2 = await company();
      const third = await asked(c2, 3);
      await c2.events();
      const rejected = await bank(c2, third.mandate._id, 'reject');
      expect(rejected.body.mandate.status).toBe('REJECTED');
      expect(rejected.body.charge).toBeUndefined();
      expect((await c2.moves())).toEqual([['mandate.updated', 'rejected', 'REJECTED']]);
      // Nothing paid: the first charge's PIX waits (until it expires).
      expect((await c2.as('GET', `/v1/subscription/full?subscriptionId=${third.subscription._id}`)).body.charges[0].status).toBe('PENDING_PAYMENT');
    });

    it('journey 4: rejected -> REJECTED, the first charge paid all the same', async () => {
      const c = await company();
      const { mandate, charge } = await asked(c, 4);
      await c.events();
      const rejected = await bank(c, mandate._id, 'reject');
      expect(rejected.body).toMatchObject({ mandate: { status: 'REJECTED', history: [{ status: 'CRIADA' }, { status: 'REJEITADA' }] }, charge: { _id: charge._id, status: 'PAID' } });
      const moves = await c.moves();
      expect(moves[0]).toEqual(['mandate.updated', 'rejected', 'REJECTED']);
      expect(moves).toContainEqual(['charge.paid', 'paid', 'PAID']);
    });

    it('expired -> EXPIRED by the action, and by the test clock the day after expiresOn (row 18)', async () => {
      const c = await company();
      const { mandate } = await asked(c, 1);
      expect((await bank(c, mandate._id, 'expire')).body.mandate).toMatchObject({ status: 'EXPIRED', history: [{ status: 'CRIADA' }, { status: 'EXPIRADA' }] });
      expect(await c.moves()).toEqual([['mandate.created', 'requested', 'PENDING'], ['mandate.updated', 'expired', 'EXPIRED']]);
      const c2 = await company();
      await c2.startADay();
      const second = await asked(c2, 2);
      await c2.events();
      const day1 = await c2.advance(1);
      expect(day1.moves.filter((m: { resource: string }) => m.resource === 'mandate')).toEqual([]);
      const day2 = await c2.advance(1);
      expect(day2.moves).toContainEqual({ row: 18, resource: 'mandate', id: second.mandate._id, to: 'EXPIRED' });
      expect(await c2.moves()).toContainEqual(['mandate.updated', 'expired', 'EXPIRED']);
    });

    it('revoked -> REVOKED (the payer cancels an ACTIVE mandate); a PENDING one cannot be revoked (409 on mandateId)', async () => {
      const c = await company();
      const { mandate } = await asked(c, 2);
      const early = await bank(c, mandate._id, 'revoke');
      expect(early.status).toBe(409);
      expect(early.body.error_messages).toEqual([expect.objectContaining({ path: 'mandateId' })]);
      await bank(c, mandate._id, 'approve');
      expect((await bank(c, mandate._id, 'revoke')).body.mandate).toMatchObject({ status: 'REVOKED', history: [{}, { status: 'APROVADA' }, { status: 'CANCELADA' }] });
      expect((await c.moves()).at(-1)).toEqual(['mandate.updated', 'revoked', 'REVOKED']);
      expect((await bank(c, mandate._id, 'approve')).status).toBe(409);
    });

    it('the test clock debits an ACTIVE mandate\'s charge: pix_debit_refused -> DECLINED, debit_declined (declineNext - 1), then pix_debited -> PAID (rows 19-21)', async () => {
      const c = await company({ deniedIntervalDays: 1 });
      await c.startADay();
      const { subscription } = await c.v2(new Date(Date.parse(await c.clock()) + 86_400_000).toISOString().slice(0, 10));
      const { mandate } = (await c.as('POST', '/sandbox/v1/mandates', { companyId: c.companyId, subscriptionId: subscription._id })).body;
      await bank(c, mandate._id, 'approve');
      await bank(c, mandate._id, 'decline-debits', { count: 1 });
      await c.events();
      await c.advance(1);
      const refused = await c.moves();
      expect(refused).toContainEqual(['transaction.created', 'pix_debit_refused', 'DECLINED']);
      expect(refused).toContainEqual(['mandate.updated', 'debit_declined', 'ACTIVE']);
      expect(refused).toContainEqual(['charge.payment_failed', 'payment_failed', 'ERROR_PAYMENT']);
      await c.advance(1);
      const paid = await c.moves();
      expect(paid).toContainEqual(['transaction.created', 'pix_debited', 'PAID']);
      expect(paid).toContainEqual(['charge.paid', 'paid', 'PAID']);
    });

    it('debits_declined leaves the status; canceled -> CANCELED with its subscription\'s cancel', async () => {
      const c = await company();
      const { mandate, subscription } = await asked(c, 2);
      await bank(c, mandate._id, 'approve');
      expect((await bank(c, mandate._id, 'decline-debits', { count: 2 })).body.mandate).toMatchObject({ status: 'ACTIVE', declineNext: 2 });
      await c.as('PUT', '/v1/subscription/cancel', { companyId: c.companyId, subscriptionId: subscription._id });
      const moves = await c.moves();
      expect(moves).toContainEqual(['mandate.updated', 'debits_declined', 'ACTIVE']);
      expect(moves).toContainEqual(['mandate.updated', 'canceled', 'CANCELED']);
      expect(moves.findIndex((m) => m[1] === 'canceled')).toBeLessThan(moves.findIndex((m) => m[0] === 'subscription.canceled'));
      expect((await c.as('GET', `/sandbox/v1/mandates?mandateId=${mandate._id}`)).body.status).toBe('CANCELED');
    });
  });
}
