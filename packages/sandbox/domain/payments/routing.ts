// Routing as a pure function of (routes, payment), as Hyperswitch's priority
// routing with a rule per route: which routes may carry this payment, in the
// order they are tried, and why each other one is skipped. The rules are
// stated once in the description (http/docs/routing.ts renders ROUTE_RULES).
import type { RouteDoc } from '../../store/company-settings.js';

export type Modality = 'initial' | 'recurring';
export type SkipRule = 'inactive' | 'brand' | 'modality';

export interface RoutedPayment {
  /** The card's brand as the checkout element detects it (`other` when none). */
  brand: string;
  modality: Modality;
}

export interface RoutePlan {
  /** Routes that may carry the payment, in the order they are tried. */
  candidates: RouteDoc[];
  skipped: { route: RouteDoc; rule: SkipRule }[];
}

/** Each skip rule and what it means, for the description and the trace. */
export const ROUTE_RULES: Record<SkipRule, string> = {
  inactive: 'the route has active false',
  brand: 'settings.brandCard has all false and its list does not name the card\'s brand (compared without case)',
  modality: 'settings.modality does not allow this payment: initial false for a first payment, recurring false for a renewal or retry',
};

function skipRule(route: RouteDoc, payment: RoutedPayment): SkipRule | undefined {
  if (!route.active) return 'inactive';
  const brands = route.settings?.brandCard;
  if (brands && !brands.all && !brands.list.some((b) => b.toLowerCase() === payment.brand.toLowerCase())) return 'brand';
  const modality = route.settings?.modality;
  if (modality && !modality[payment.modality]) return 'modality';
  return undefined;
}

/** Routes by `order` ascending; a route without order after those with one; ties keep the list's order. */
export function orderRoutes(routes: readonly RouteDoc[]): RouteDoc[] {
  return routes.map((route, index) => ({ route, index }))
    .sort((a, b) => (a.route.order ?? Infinity) - (b.route.order ?? Infinity) || a.index - b.index)
    .map(({ route }) => route);
}

export function planRoutes(routes: readonly RouteDoc[], payment: RoutedPayment): RoutePlan {
  const plan: RoutePlan = { candidates: [], skipped: [] };
  for (const route of orderRoutes(routes)) {
    const rule = skipRule(route, payment);
    if (rule) plan.skipped.push({ route, rule });
    else plan.candidates.push(route);
  }
  return plan;
}
