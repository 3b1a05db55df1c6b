// The client's table (domain/states/client.ts): its status follows its
// subscriptions, through each of its statuses.
import { describe, expect, it } from 'vitest';
import { DECLINED, NETWORK_A, PAID_PROFILE, type StateKit } from './kit.js';

export function clientStates({ company }: StateKit) {
  describe('client statuses', () => {
    it('one client through its five statuses, each read by GET /v1/client and told by client.updated: ACTIVE, PENDING_PAYMENT, ACTIVE, ERROR_PAYMENT, NO_PAYMENT, CANCELED_ALERT_NETWORK_A', async () => {
      const c = await company({ maxDeniedAttempts: 1 }, { unsubscription: { type: 'CARD_ATTEMPTS' } });
      await c.startADay();
      const status = async () => (await c.clientOf(c.client._id)).status;
      const told = async () => (await c.events()).filter((e) => e.type === 'client.updated').map((e) => e.data.client.status);
      expect(await status()).toBe('ACTIVE');
      await c.events();
      const first = await c.v2();
      expect([await status(), await told()]).toEqual(['PENDING_PAYMENT', ['PENDING_PAYMENT']]);
      await c.pay(first.charge._id, PAID_PROFILE);
      expect([await status(), await told()]).toEqual(['ACTIVE', ['ACTIVE']]);
      await c.v2();
      await c.events();
      await c.advance(2);
      expect([await status(), await told()]).toEqual(['ERROR_PAYMENT', ['ERROR_PAYMENT']]);
      const lost = await c.v2();
      await c.pay(lost.charge._id, DECLINED);
      expect([await status(), await told()]).toEqual(['NO_PAYMENT', ['NO_PAYMENT']]);
      const noticed = await c.v2();
      await c.pay(noticed.charge._id, NETWORK_A);
      expect([await status(), await told()]).toEqual(['CANCELED_ALERT_NETWORK_A', ['CANCELED_ALERT_NETWORK_A']]);
    });
  });
}
