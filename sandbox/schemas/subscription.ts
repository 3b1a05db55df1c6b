// Subscriptions (2.4, 4.5).
import { Type } from 'typebox';
import { CARD_METHODS, CompanyId, InlineClient, Installments, PaymentMethod, PaymentProfile, Timestamp, Token } from './common.js';
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
}, { 'x-exclusive': ['token', 'paymentProfile'], 'x-card-for': CARD_METHODS });

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
  metadata: Type.Object({}, { additionalProperties: true }),
  active: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** POST /v1/subscription answers the subscription with the first period's payment, when a card paid it. */
export const SubscriptionWithPayment = Type.Object({ ...Subscription.properties, transaction: Type.Optional(Transaction) });
