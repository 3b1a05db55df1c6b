// The product's rules (2.1) wherever a payment or a record names a product or
// a charge: the product on sale, the payment methods it offers, the charge's
// own methods (4.4), cardAuth, renewal period and successChargeDay. Stated in
// the description (http/docs/product-rules.ts); every route calls these, none
// writes its own. Refusals are 400s on the field the caller names.
import { fieldError, invalid } from '../base/errors.js';
import { priceCents, type ChargeDoc, type PaymentMethod, type ProductDoc } from '../store/tables.js';
import { PAYMENT_METHODS } from '../schemas/common.js';
import { addDays, daysBetween } from '../base/dates.js';

export const DEFAULT_FREQUENCY_DAYS = 30;

/** Why a product takes no new sale (active false or deleted true), or undefined when it does. */
export function notOnSale(product: ProductDoc): string | undefined {
  if (product.deleted) return `product ${product._id} is deleted (deleted true)`;
  if (product.active === false) return `product ${product._id} is inactive (active false)`;
  return undefined;
}

/** A new subscription, charge or product change names `product`: it must be on sale (400 on `field`). */
export function assertOnSale(product: ProductDoc, field: string): void {
  const why = notOnSale(product);
  if (why) throw invalid(fieldError(field, `${why}: it takes no new subscription or charge`));
}

/**
 * A subscription sold, or moved to `product`: its price must be at least one cent, as every payment's
 * amount is (400 on `field`). The reference allows a price of 0; the sandbox makes no payment of
 * R$ 0.00 (no zero-cent card payment, no PIX or boleto for nothing). A charge names its own amount.
 */
export function assertPriced(product: ProductDoc, field: string): void {
  if (priceCents(product) < 1) throw invalid(fieldError(field, `${field} names a product priced R$ 0.00 (price ${product.product.price}): a subscription is billed its price, and the sandbox makes no payment below R$ 0.01`));
}

/**
 * The methods a product offers: its active charge.paymentMethod entries; all
 * four when it has no charge rules (2.1 leaves them optional).
 */
export function offeredMethods(product: ProductDoc | undefined): PaymentMethod[] {
  if (!product?.charge) return [...PAYMENT_METHODS];
  return PAYMENT_METHODS.filter((method) => product.charge!.paymentMethod.some((entry) => entry.type === method && entry.active));
}

const listed = (methods: readonly string[]) => (methods.length ? methods.join(', ') : 'none');

/** `method` must be one the product offers (400 on `field`, naming the offered ones). */
export function assertMethodOffered(product: ProductDoc, method: PaymentMethod, field = 'paymentMethod'): void {
  const offered = offeredMethods(product);
  if (offered.includes(method)) return;
  const entry = product.charge?.paymentMethod.find((e) => e.type === method);
  const why = entry ? `is not active in product ${product._id}'s charge.paymentMethod` : `is not offered by product ${product._id}`;
  throw invalid(fieldError(field, `${field} ${method} ${why} (offered: ${listed(offered)})`));
}

/**
 * A charge's paymentMethods (POST /v1/charge): the ones asked, each offered by
 * the product (400 on `paymentMethods[i]`), or by default all the product offers.
 */
export function chargeMethods(product: ProductDoc, asked: PaymentMethod[] | undefined): PaymentMethod[] {
  const offered = offeredMethods(product);
  if (!asked) {
    if (!offered.length) throw invalid(fieldError('productId', `product ${product._id} offers no active payment method in charge.paymentMethod`));
    return offered;
  }
  const refused = asked.map((method, i) => [method, i] as const).filter(([method]) => !offered.includes(method));
  if (refused.length) throw invalid(...refused.map(([method, i]) => fieldError(`paymentMethods[${i}]`, `paymentMethods[${i}] ${method} is not offered by product ${product._id} (offered: ${listed(offered)})`)));
  return asked;
}

/**
 * Paying a charge (POST /v1/charge/pay): the charge's product, when it has one,
 * must not be deleted (400 on `_id`, or the caller's `chargeField`; an inactive product's charges are still
 * paid), and the method must be among the charge's own paymentMethods and
 * those its product offers now (400 on `paymentMethod`).
 */
export function assertChargePayable(charge: ChargeDoc, product: ProductDoc | undefined, method: PaymentMethod, chargeField = '_id'): void {
  if (product?.deleted) throw invalid(fieldError(chargeField, `the charge's product ${product._id} is deleted (deleted true): its charges are no longer paid`));
  const offered = charge.paymentMethods.filter((m) => offeredMethods(product).includes(m));
  if (!offered.includes(method)) throw invalid(fieldError('paymentMethod', `paymentMethod ${method} is not offered for this charge (offered: ${listed(offered)})`));
}

/**
 * cardAuth: a card payment of a charge needs a `cardAuthId` when the charge's
 * cardAuth is true, or the charge sets none and its product's setting.cardAuth is true.
 */
export function assertCardAuth(charge: ChargeDoc, product: ProductDoc | undefined, method: PaymentMethod, cardAuthId: string | undefined): void {
  if (method !== 'CREDIT_CARD' && method !== 'DEBIT_CARD') return;
  const required = charge.cardAuth ?? product?.setting?.cardAuth ?? false;
  if (required && !cardAuthId) {
    const who = charge.cardAuth ? 'the charge' : `product ${product!._id}`;
    throw invalid(fieldError('cardAuthId', `cardAuthId is required: ${who} asks for card authentication (cardAuth true)`));
  }
}

/** Days between renewals: undefined when the product never renews (frequencyDays 0); 30 without charge rules. */
export function renewalDays(product: ProductDoc): number | undefined {
  if (!product.charge) return DEFAULT_FREQUENCY_DAYS;
  return product.charge.frequencyDays > 0 ? product.charge.frequencyDays : undefined;
}

/** The renewal one period after `day`, or undefined when the product never renews. */
export function renewalAfter(product: ProductDoc, day: string): string | undefined {
  const days = renewalDays(product);
  return days === undefined ? undefined : addDays(day, days);
}

/**
 * `renewal` moved on by whole periods of the product until it is after
 * `today` (unchanged when it already is): the periods it passes are not
 * billed. A resumed subscription's held periods, an imported one's past.
 */
export function renewalAfterToday(product: ProductDoc, renewal: string, today: string): string {
  const days = renewalDays(product);
  if (days === undefined || renewal > today) return renewal;
  return addDays(renewal, (Math.floor(daysBetween(renewal, today) / days) + 1) * days);
}

/**
 * setting.successChargeDay: a late payment (after its due date) of the
 * subscription's latest charge moves the next renewal to the payment day +
 * frequencyDays; undefined when nothing moves.
 */
export function renewalAfterLatePayment(product: ProductDoc, charge: ChargeDoc, latestSequence: number, paidDay: string): string | undefined {
  if (!product.setting?.successChargeDay || !charge.dueDate || paidDay <= charge.dueDate) return undefined;
  return (charge.sequence ?? 1) === latestSequence ? renewalAfter(product, paidDay) : undefined;
}
