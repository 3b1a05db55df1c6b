// handleNextAction's `signal` (PIX and boleto): aborted, the wait ends with PENDING_PAYMENT and the
// page's server is asked nothing more; one aborted before the call ends it at once, as fetch and
// addEventListener treat an aborted signal, instead of waiting for an abort event that never comes.
import { afterEach, expect, it } from 'vitest';
import { handleNextAction } from '../../src/next-action/index.js';

afterEach(() => document.body.replaceChildren());

const pixAnswer = { charge: { _id: 'charge_1' }, paymentMethod: 'PIX', status: 'PENDING_PAYMENT', pix: { brCode: '00020126580014br.gov.bcb.pix', qrCodeImage: 'data:image/png;base64,iVBORw0KGgo=' } };

for (const when of ['before the call', 'while it waits'] as const) {
  it(`a signal aborted ${when}: PENDING_PAYMENT, and check is not asked again`, async () => {
    const container = document.body.appendChild(document.createElement('div'));
    const stop = new AbortController();
    if (when === 'before the call') stop.abort();
    let asked = 0;
    const outcome = handleNextAction(pixAnswer, { container, interval: 20, signal: stop.signal, check: async () => (asked++, false) });
    if (when === 'while it waits') setTimeout(() => stop.abort(), 50);
    const settled = await Promise.race([outcome, new Promise((resolve) => setTimeout(() => resolve('still waiting after 1 s'), 1000))]);
    expect(settled).toEqual({ type: 'pix', status: 'PENDING_PAYMENT', chargeId: 'charge_1' });
    const before = asked;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toBe(before);
    if (when === 'before the call') expect(asked).toBe(0);
  });
}
