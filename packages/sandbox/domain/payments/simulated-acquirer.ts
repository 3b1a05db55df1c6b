// A simulated acquirer behind each of provider_01 ... provider_16: it asks the
// "issuer" (the sandbox test cards decide) unless a fault injected for the
// company makes the provider itself fail first. Captures and refunds always
// succeed here: faults are about whether an authorization can be asked (a
// refund_refused fault is read by a NETWORK_B alert's refund, domain/alert-networks.ts).
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomHex } from '../../base/random-hex.js';
import { REFUSALS, cardOutcome, type Refusal } from '../../payment/test-cards.js';
import type { AcquirerRecord, AuthorizeAnswer, AuthorizeRequest, Connector, ProviderId } from './connector.js';

/** How long the payment core waits for a provider's answer before it gives up and fails over. */
export const PROVIDER_TIMEOUT_MS = 5_000;

// `count` random decimal digits (at most 15): one draw, uniform over the 10^count strings as a digit per draw was.
const digits = (count: number) => String(randomInt(10 ** count)).padStart(count, '0');

export function simulatedAcquirer(id: ProviderId): Connector {
  return {
    id,
    async authorize(request: AuthorizeRequest): Promise<AuthorizeAnswer> {
      const { fault } = request;
      if (fault?.kind === 'unavailable') return { outcome: 'failed', reason: 'unavailable', message: `${id} unavailable (injected fault)` };
      // A timeout is given up at once, as if PROVIDER_TIMEOUT_MS had passed: `slow` is the fault that really waits.
      if (fault?.kind === 'timeout') return { outcome: 'failed', reason: 'timeout', message: `${id} gave no answer within ${PROVIDER_TIMEOUT_MS} ms (injected fault)` };
      if (fault?.kind === 'slow') {
        const waited = Math.min(fault.delayMs ?? 0, PROVIDER_TIMEOUT_MS);
        await sleep(waited);
        if ((fault.delayMs ?? 0) > PROVIDER_TIMEOUT_MS) return { outcome: 'failed', reason: 'timeout', message: `${id} gave no answer within ${PROVIDER_TIMEOUT_MS} ms (injected fault: slow by ${fault.delayMs} ms)` };
      }
      const accepted = { provider: id, integrationId: request.integrationId, name: request.name, tid: `${id}_${randomHex(10)}`, nsu: digits(9) };
      // delayed: the request is taken, the issuer's answer comes later (domain/processing.ts asks it when the test clock settles the payment).
      if (fault?.kind === 'delayed') return { outcome: 'pending', acquirer: { ...accepted, message: `${id} accepted the payment; its answer comes later (injected fault)` } };
      const issuer = cardOutcome(request.card, request.at);
      const refused = issuer.status === 'DECLINED' || (REFUSALS as readonly string[]).includes(issuer.status);
      const acquirer: AcquirerRecord = { ...accepted, message: issuer.message, ...(!refused ? { authorizationCode: digits(6) } : {}) };
      return {
        outcome: refused ? 'declined' : 'approved', acquirer,
        ...(issuer.status === 'IN_ANALYSIS' ? { review: true } : {}), ...(refused && issuer.status !== 'DECLINED' ? { refusal: issuer.status as Refusal } : {}),
      };
    },
    capture: async () => ({ message: `Captured by ${id}` }),
    refund: async () => ({ message: `Refunded by ${id}` }),
  };
}

const connectors = new Map<string, Connector>();

/** The connector of a route id (provider_01 ... provider_16): one instance each. */
export function connectorFor(id: string): Connector {
  let connector = connectors.get(id);
  if (!connector) connectors.set(id, (connector = simulatedAcquirer(id as ProviderId)));
  return connector;
}
