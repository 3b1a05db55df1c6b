// Subscriptions (2.4, 4.5).
import { Type } from 'typebox';
import { cardFor, exclusive, installmentsFor } from './rules.js';
import { CompanyId, DueDate, InlineClient, Installments, PaymentMethod, PaymentProfile, Timestamp, Token } from './common.js';
import { BoletoSlip, Charge, PixSlip } from './charge.js';
import { ListQuery } from './list.js';
import { Transaction } from './transaction.js';

export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'ERROR_PAYMENT', 'NO_PAYMENT_ROUTE', 'CREATED', 'PENDING_PAYMENT', 'RECOVERED', 'NO_PAYMENT',
  'CANCELED_ALERT_NETWORK_A', 'BLOCKED', 'CANCELED_MANUAL', 'IMPORTED', 'STANDBY', 'OVERDUE'] as const;
export const ORIGINS = ['API', 'CHECKOUT', 'IMPORTED', 'AFFILIATE'] as const;

export const CreateSubscriptionV1Body = Type.Object({
  companyId: CompanyId,
  product: Type.Object({ id: Type.String({ minLength: 1 }) }),
  paymentMethod: PaymentMethod,
  installments: Type.Optional(Installments),
  token: Type.Optional(Token),
  paymentProfile: Type.Optional(PaymentProfile),
  client: Type.Optional(InlineClient),
}, { ...exclusive('token', 'paymentProfile'), allOf: [...cardFor(), installmentsFor()] });

export const Subscription = Type.Object({
  _id: Type.String(),
  companyId: Type.String(),
  clientId: Type.Optional(Type.String()),
  productId: Type.String(),
  status: Type.Enum([...SUBSCRIPTION_STATUSES]),
  paymentMethod: PaymentMethod,
  installments: Type.Integer(),
  nextChargeDate: Type.Optional(Type.String({ format: 'date' })),
  origin: Type.Enum([...ORIGINS]),
  externalReference: Type.Optional(Type.String()),
  affiliateId: Type.Optional(Type.String()),
  metadata: Type.Object({}, { additionalProperties: true }),
  card: Type.Optional(Type.Object({ bin: Type.String(), last4: Type.String(), brand: Type.String(), expiration: Type.String(), holderName: Type.String() },
    { description: 'the card renewals are charged to (a test card, by BIN and last four)' })),
  active: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** POST /v1/subscription answers the subscription with the first period's payment: the card's transaction, or the PIX / boleto to pay. */
export const SubscriptionWithPayment = Type.Object({
  ...Subscription.properties, transaction: Type.Optional(Transaction), pix: Type.Optional(PixSlip), boleto: Type.Optional(BoletoSlip),
});

export const CreateSubscriptionV2Body = Type.Object({
  companyId: CompanyId,
  productId: Type.String({ minLength: 1 }),
  clientId: Type.String({ minLength: 1, description: 'an existing client' }),
  dueDate: DueDate('due date of the first charge'),
  paymentMethod: PaymentMethod,
  origin: Type.Optional(Type.Enum([...ORIGINS], { default: 'API' })),
  affiliateId: Type.Optional(Type.String({ minLength: 1 })),
  externalReference: Type.Optional(Type.String()),
  metadata: Type.Optional(Type.Object({}, { additionalProperties: true })),
});
export const SubscriptionAndCharge = Type.Object({ subscription: Subscription, charge: Charge });

export const UpdateSubscriptionBody = Type.Object({ _id: Type.String({ minLength: 1 }), companyId: CompanyId, productId: Type.String({ minLength: 1 }) });
export const CancelSubscriptionBody = Type.Object({ companyId: CompanyId, subscriptionId: Type.String({ minLength: 1 }) });
export const Outcome = Type.Object({ success: Type.Boolean(), message: Type.String() });

const Filters = {
  clientId: Type.Optional(Type.String({ minLength: 1 })),
  productId: Type.Optional(Type.String({ minLength: 1 })),
  status: Type.Optional(Type.Enum([...SUBSCRIPTION_STATUSES])),
};
export const SubscriptionListQuery = ListQuery(Filters);
const { page: _page, limit: _limit, cursor: _cursor, ...exportProperties } = SubscriptionListQuery.properties;
export const SubscriptionExportQuery = Type.Object(exportProperties);
export const SubscriptionFullQuery = Type.Object({ subscriptionId: Type.String({ minLength: 1 }), companyId: Type.Optional(Type.String({ minLength: 1 })) });
export const SubscriptionFull = Type.Object({
  ...Subscription.properties,
  product: Type.Optional(Type.Object({ _id: Type.String(), title: Type.String(), price: Type.Number() })),
  client: Type.Optional(Type.Object({ _id: Type.String(), name: Type.String(), doc: Type.String() })),
  charges: Type.Array(Charge),
  transactions: Type.Array(Transaction),
});
