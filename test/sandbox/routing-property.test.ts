// Routing as a property (issue 22): for random route tables, cards, payment
// modalities and injected faults, the route the payment core picks (or
// NO_PAYMENT_ROUTE) is the one a second, plain model of the rule picks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulatedAcquirer } from '../../packages/sandbox/domain/payments/simulated-acquirer.js';
import { routePayment } from '../../packages/sandbox/domain/payments/route-payment.js';
import type { ProviderFault } from '../../packages/sandbox/domain/payments/faults.js';
import type { ProviderId } from '../../packages/sandbox/domain/payments/connector.js';
import { TEST_CARDS } from '../../packages/sandbox/payment/test-cards.js';
import type { RouteDoc } from '../../packages/sandbox/store/company-settings.js';

const PROVIDERS = ['provider_01', 'provider_02', 'provider_03', 'provider_04'];
const BRANDS = [...new Set(TEST_CARDS.map((c) => c.brand))];
const maybeUpper = (brand: string) => fc.boolean().map((up) => (up ? brand.toUpperCase() : brand));

const routeArb: fc.Arbitrary<RouteDoc> = fc.record({
  id: fc.constantFrom(...PROVIDERS),
  integrationId: fc.constant('int'),
  name: fc.constant('route'),
  active: fc.boolean(),
  order: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
  settings: fc.option(fc.record({
    brandCard: fc.option(fc.record({ all: fc.boolean(), list: fc.array(fc.constantFrom(...BRANDS).chain(maybeUpper), { maxLength: 3 }) }), { nil: undefined }),
    modality: fc.option(fc.record({ initial: fc.boolean(), recurring: fc.boolean() }), { nil: undefined }),
  }, { requiredKeys: [] }), { nil: undefined }),
}, { requiredKeys: ['id', 'integrationId', 'name', 'active'] }) as fc.Arbitrary<RouteDoc>;

const faultArb = fc.dictionary(fc.constantFrom(...PROVIDERS), fc.constantFrom('unavailable', 'timeout', 'slow' as const), { maxKeys: 4 });

/** The rule, written plainly: eligible routes by (order, place), the first whose provider answers decides. */
function model(routes: RouteDoc[], brand: string, modality: 'initial' | 'recurring', faults: Record<string, string>, issuerApproves: boolean) {
  const eligible = routes
    .map((route, place) => ({ route, place }))
    .filter(({ route }) => route.active)
    .filter(({ route }) => {
      const cards = route.settings?.brandCard;
      return !cards || cards.all || cards.list.map((b) => b.toLowerCase()).includes(brand);
    })
    .filter(({ route }) => !route.settings?.modality || route.settings.modality[modality])
    .sort((a, b) => (a.route.order ?? 99) - (b.route.order ?? 99) || a.place - b.place);
  for (const { route } of eligible) {
    if (faults[route.id] === 'unavailable' || faults[route.id] === 'timeout') continue;
    return { provider: route.id, outcome: issuerApproves ? 'approved' : 'declined' };
  }
  return { provider: undefined, outcome: 'no_route' };
}

describe('routing property', () => {
  it('the chosen route and outcome match the plain model for random routes, cards and faults', async () => {
    const year = String(new Date().getUTCFullYear() + 2);
    await fc.assert(fc.asyncProperty(
      fc.array(routeArb, { maxLength: 6 }), fc.constantFrom(...TEST_CARDS), fc.constantFrom('initial', 'recurring' as const), faultArb,
      async (routes, card, modality, faultKinds) => {
        const at = new Date();
        const fault = (providerId: string): ProviderFault | undefined => faultKinds[providerId] && {
          _id: 'f', companyId: 'c', providerId, kind: faultKinds[providerId] as ProviderFault['kind'], ...(faultKinds[providerId] === 'slow' ? { delayMs: 0 } : {}),
          startsAt: at.toISOString(), endsAt: at.toISOString(), createdAt: at.toISOString(),
        };
        const result = await routePayment({
          routes, source: 'product', brand: card.brand, modality,
          authorize: (route) => simulatedAcquirer(route.id as ProviderId).authorize({
            companyId: 'c', cents: 100, installments: 1, at, integrationId: route.integrationId, name: route.name,
            card: { cardNumber: card.number, cardExpiration: `12/${year}`, holderName: 'A', cardCvv: '123' }, fault: fault(route.id),
          }),
        });
        const expected = model(routes, card.brand, modality, faultKinds, !['DECLINED', 'ERROR_PAYMENT', 'INVALID_PAYMENT'].includes(card.status)); // IN_ANALYSIS (the fraud-review card) is an approval held for review; BLOCKED is the antifraud's, before any route (the issuer would approve)
        expect(result.outcome).toBe(expected.outcome);
        expect(result.outcome === 'no_route' ? undefined : result.acquirer.provider).toBe(expected.provider);
        // The trace names every route once, each with what happened to it.
        expect(result.trace.routes).toHaveLength(routes.length);
        expect(result.trace.routes.filter((r) => r.outcome === 'approved' || r.outcome === 'declined').length).toBe(expected.provider ? 1 : 0);
      },
    ), { numRuns: 500 });
  });
});
