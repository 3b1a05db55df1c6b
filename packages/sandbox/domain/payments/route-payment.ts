// One card payment through the routes: plan (routing.ts), then ask each
// candidate's connector in order. An issuer's answer (approved, declined) ends
// the walk; a provider failure (unavailable, timed out) fails over to the next
// candidate. No candidate left: NO_PAYMENT_ROUTE. Every route appears in the
// trace with what happened to it, so a merchant sees "why this route".
import type { RouteDoc } from '../../store/company-settings.js';
import type { Refusal } from '../../payment/test-cards.js';
import type { AcquirerRecord, AuthorizeAnswer } from './connector.js';
import { orderRoutes, planRoutes, ROUTE_RULES, type Modality, type SkipRule } from './routing.js';

export type RouteOutcome = 'approved' | 'declined' | 'pending' | 'failed' | 'skipped' | 'not_tried';

export interface RouteTraceEntry {
  id: string; integrationId: string; name: string; order?: number;
  outcome: RouteOutcome;
  rule?: SkipRule;
  reason?: string;
  elapsedMs?: number;
}

export interface RoutingTrace {
  source: 'product' | 'company';
  brand: string;
  modality: Modality;
  routes: RouteTraceEntry[];
}

export type RoutedResult =
  | { outcome: 'approved' | 'declined'; acquirer: AcquirerRecord; trace: RoutingTrace; review?: boolean; refusal?: Refusal }
  | { outcome: 'pending'; acquirer: AcquirerRecord; trace: RoutingTrace }
  | { outcome: 'no_route'; message: string; trace: RoutingTrace };

export interface RouteRequest {
  routes: readonly RouteDoc[];
  source: RoutingTrace['source'];
  brand: string;
  modality: Modality;
  /** Asks the route's provider (its connector, with any fault in force). */
  authorize(route: RouteDoc): Promise<AuthorizeAnswer>;
  /** Milliseconds now, for each attempt's elapsedMs (injectable for tests). */
  clock?: () => number;
}

export async function routePayment(request: RouteRequest): Promise<RoutedResult> {
  const { brand, modality } = request;
  const clock = request.clock ?? (() => performance.now());
  const plan = planRoutes(request.routes, { brand, modality });
  const entries = new Map<RouteDoc, RouteTraceEntry>();
  const entry = (route: RouteDoc, outcome: RouteOutcome, extra: Partial<RouteTraceEntry> = {}) =>
    entries.set(route, { id: route.id, integrationId: route.integrationId, name: route.name, ...(route.order !== undefined ? { order: route.order } : {}), outcome, ...extra });
  for (const { route, rule } of plan.skipped) entry(route, 'skipped', { rule, reason: ROUTE_RULES[rule] });
  for (const route of plan.candidates) entry(route, 'not_tried');
  const trace = (): RoutingTrace => ({ source: request.source, brand, modality, routes: orderRoutes(request.routes).map((r) => entries.get(r)!) });

  const failures: string[] = [];
  for (const route of plan.candidates) {
    const started = clock();
    const answer = await request.authorize(route);
    const elapsedMs = Math.round(clock() - started);
    if (answer.outcome === 'failed') {
      entry(route, 'failed', { reason: answer.message, elapsedMs });
      failures.push(`${route.id} ${answer.reason}`);
      continue;
    }
    entry(route, answer.outcome, { reason: answer.acquirer.message, elapsedMs });
    if (answer.outcome === 'pending') return { outcome: 'pending', acquirer: answer.acquirer, trace: trace() };
    return { outcome: answer.outcome, acquirer: answer.acquirer, trace: trace(), ...(answer.review ? { review: true } : {}), ...(answer.refusal ? { refusal: answer.refusal } : {}) };
  }
  const message = failures.length
    ? `No payment route: every route that takes this payment failed (${failures.join(', ')})`
    : `No payment route: none of the ${request.routes.length} ${request.source} routes takes a ${brand} card for a${modality === 'initial' ? 'n initial' : ' recurring'} payment`;
  return { outcome: 'no_route', message, trace: trace() };
}
