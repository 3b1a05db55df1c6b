// Products (2.1, 4.2): the whole create body as 2.1 states it.
import { Type } from 'typebox';
import { CompanyId, MAX_DAYS, MAX_INSTALLMENTS, PaymentMethod, Reais, Timestamp } from './common.js';
import { Split } from './split.js';

const Bool = Type.Boolean();
const Str = Type.String();
/** Money in BRL (a price, a plan's fee or total): cents by the half-up rule, bounded as every amount. */
const Brl = Reais(0);
// Bounds the reference does not give (sandbox decisions, stated in each schema): a count of
// days up to ten years keeps every date a date; the rest keep every integer exact.
const Days = Type.Integer({ minimum: 0, maximum: MAX_DAYS, description: `days, at most ${MAX_DAYS.toLocaleString('en')} (ten years)` });
const Count = (minimum: number) => Type.Integer({ minimum, maximum: 100, description: 'at most 100' });
const RouteOrder = Type.Integer({ minimum: 1, maximum: 1_000, description: 'the lower first; at most 1,000' });
const Opt = Type.Optional;
export const ROUTE_IDS = Array.from({ length: 16 }, (_, i) => `provider_${String(i + 1).padStart(2, '0')}`);

/** A provider route (2.1 charge.routes): which simulated acquirer, for which brands and which payments. */
export const PaymentRoute = Type.Object({
  id: Type.Enum(ROUTE_IDS),
  integrationId: Str,
  name: Str,
  active: Bool,
  order: Opt(RouteOrder),
  settings: Opt(Type.Object({
    brandCard: Opt(Type.Object({ all: Bool, list: Type.Array(Str) })),
    modality: Opt(Type.Object({ initial: Bool, recurring: Bool })),
  })),
});

export const Setting = Type.Object({
  re1to1: Opt(Bool),
  successChargeDay: Opt(Bool),
  cardAuth: Opt(Type.Union([Bool, Type.Null()])),
  limitOverdueCharges: Opt(Type.Object({ active: Bool, qty: Count(1) })),
});

export const ChargeRules = Type.Object({
  frequencyDays: Days,
  deniedIntervalDays: Days,
  maxDeniedAttempts: Count(0),
  invoiceIdentification: Str,
  paymentMethod: Type.Array(Type.Object({
    type: PaymentMethod,
    active: Bool,
    installments: Type.Array(Type.Object({ installment: Type.Integer({ minimum: 1, maximum: MAX_INSTALLMENTS }), fee: Opt(Brl), totalAmount: Opt(Brl), installmentAmount: Opt(Brl) })),
  })),
  routes: Opt(Type.Array(PaymentRoute, { default: [] })),
});

export const Commercial = Type.Object({
  price: Brl, originalPrice: Opt(Brl), title: Str, photo: Opt(Str), warranty: Days, description: Opt(Str), SKU: Opt(Str),
});

export const Unsubscription = Type.Object({ type: Type.Enum(['OVERDUE_DAYS', 'NEVER', 'CARD_ATTEMPTS']), overdueDays: Opt(Days) });

const ActiveUrl = Type.Object({ active: Bool, url: Str });
export const Checkout = Type.Object({
  header: Opt(Type.Object({ color: Str, fixed: Bool, active: Bool, logo: Str })),
  topBanner: Opt(ActiveUrl),
  sideBanner: Opt(ActiveUrl),
  contact: Opt(Type.Object({ active: Bool, text: Opt(Str) })),
  terms: Opt(Type.Object({ active: Bool, text: Str })),
  privacyterms: Opt(Type.Object({ active: Bool, linkTermsUse: Str, linkPrivacyPolicy: Str })),
  tracking: Opt(Type.Object({ meta: Opt(Str), gtm: Opt(Str) })),
  color: Opt(Type.Object({ textPrimary: Str, secondary: Str, background: Str, primary: Str, textSecondary: Str })),
  countdown: Opt(Type.Object({ time: Type.Integer({ minimum: 1, maximum: 2_592_000, description: 'seconds, at most 30 days' }), fixed: Bool, active: Bool, color: Type.Object({ background: Str, text: Str }) })),
  faq: Opt(Type.Object({ active: Bool, list: Type.Array(Type.Object({ question: Str, answer: Str })) })),
});

export const Send = Type.Object({
  active: Bool,
  list: Type.Array(Type.Object({ active: Bool, id: Str, integrationId: Str, linkAccess: Str, name: Str, productId: Str })),
});

// 2.1 shows only `discount.value`; the rest of an entry and `method` items are free-form (not shown).
export const Discount = Type.Object({
  list: Opt(Type.Array(Type.Object({
    discount: Type.Object({ value: Brl, id: Opt(Str), method: Opt(Type.Array(Type.Unknown())) }, { additionalProperties: true }),
  }, { additionalProperties: true }))),
});

const ProductFields = {
  active: Opt(Type.Boolean({ default: true })),
  deleted: Opt(Type.Boolean({ default: false })),
  setting: Opt(Setting),
  charge: Opt(ChargeRules),
  unsubscription: Opt(Unsubscription),
  checkout: Opt(Checkout),
  send: Opt(Send),
  discount: Opt(Discount),
  notification: Opt(Type.Object({}, { additionalProperties: true, description: 'free-form (2.1: not shown)' })),
  /** Sandbox: the product's split, used when the transaction has no active split (4.3). */
  split: Opt(Split),
};

/** 2.1 does not say which top-level members are required: companyId and product (price, title, warranty) are. */
export const CreateProductBody = Type.Object({ companyId: CompanyId, product: Commercial, ...ProductFields });

export const Product = Type.Object({
  _id: Type.String(), companyId: Type.String(), product: Commercial, ...ProductFields,
  active: Type.Boolean(), deleted: Type.Boolean(), createdAt: Timestamp, updatedAt: Timestamp,
});
