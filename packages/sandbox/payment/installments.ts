// Installments (4.3-4.5 `installments`; part 8: default 1). The rules, stated once in
// the description (http/description.ts): 1 to MAX_INSTALLMENTS by the schema (common.ts), more than 1
// only by credit card, and one the product offers when the payment names a product
// whose charge.paymentMethod entry lists its plans. The count never changes the amount.
import { fieldError, invalid } from '../base/errors.js';
import type { PaymentMethod, ProductDoc } from '../store/tables.js';

/** The installment counts a product offers for a method (its plans, ascending), or undefined when it lists none. */
export function offeredCounts(product: ProductDoc, method: PaymentMethod): number[] | undefined {
  const plans = product.charge?.paymentMethod.find((entry) => entry.type === method)?.installments ?? [];
  return plans.length ? [...new Set(plans.map((plan) => plan.installment))].sort((a, b) => a - b) : undefined;
}

/**
 * The installments a payment is made in: `requested`, default 1. One is always allowed
 * (paying at once); more only by CREDIT_CARD and, with `product`, a count it offers.
 * Anything else is a 400 on `installments` that says what is allowed.
 */
export function checkInstallments(requested: number | undefined, method: PaymentMethod, product?: ProductDoc): number {
  const count = requested ?? 1;
  if (count === 1) return 1;
  // The schemas say it too (schemas/rules.ts installmentsFor); kept for callers without a request (the test clock's renewals).
  if (method !== 'CREDIT_CARD') throw invalid(fieldError('installments', `installments ${count}: only CREDIT_CARD is paid in installments; ${method} is paid at once (1)`));
  const offered = product && offeredCounts(product, method);
  if (offered && !offered.includes(count)) {
    throw invalid(fieldError('installments', `installments ${count} is not offered by product ${product._id} for CREDIT_CARD (offered: ${offered.join(', ')})`));
  }
  return count;
}

/**
 * A subscription moved to `product` (PUT /v1/subscription) keeps its installment
 * count for every renewal: the product must offer it, as a new subscription's
 * would (400 on `field` naming the counts it offers).
 */
export function assertCountOffered(count: number, method: PaymentMethod, product: ProductDoc, field: string): void {
  if (count === 1) return;
  const offered = offeredCounts(product, method);
  if (offered && !offered.includes(count)) {
    throw invalid(fieldError(field, `product ${product._id} does not offer the subscription's ${count} installments for ${method} (offered: ${offered.join(', ')}); renewals keep the subscription's count`));
  }
}
