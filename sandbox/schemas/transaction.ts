// POST /v1/transaction (4.3) and the transaction (2.2).
import { Type } from 'typebox';
import { CompanyId, InlineClient, Installments, Money, PaymentMethod, PaymentProfile, Timestamp, Token } from './common.js';

export const TRANSACTION_STATUSES = ['PAID', 'PROCESSING', 'DECLINED', 'CANCELED', 'DISCARDED', 'AUTHORIZED', 'IN_ANALYSIS', 'ERROR_PAYMENT',
  'DISPUTE', 'STANDBY', 'CHARGEBACK', 'PENDING_REVIEW', 'PENDING_3DS', 'BLOCKED', 'INVALID_PAYMENT', 'NO_PAYMENT_ROUTE', 'PENDING_PAYMENT', 'ERROR_REFUNDED'] as const;

export const Split = Type.Object({
  active: Type.Optional(Type.Boolean()),
  rules: Type.Optional(Type.Array(Type.Object({
    companyId: Type.String({ minLength: 1, description: 'recipient company' }),
    percentage: Type.Number({ minimum: 0, maximum: 100 }),
    chargeProcessingFee: Type.Optional(Type.Boolean()),
    chargeRecipientProcessingFee: Type.Optional(Type.Boolean()),
  }))),
}, { description: 'When active, takes priority over the split of the product or company' });

export const CreateTransactionBody = Type.Object({
  companyId: CompanyId,
  amount: Type.Integer({ minimum: 1, description: 'cents' }),
  installments: Type.Optional(Installments),
  capture: Type.Optional(Type.Boolean({ default: true, description: 'false: the transaction stays AUTHORIZED until captured' })),
  split: Type.Optional(Split),
  paymentProfile: Type.Optional(PaymentProfile),
  token: Type.Optional(Token),
  client: Type.Optional(InlineClient),
}, { 'x-exclusive': ['token', 'paymentProfile'], 'x-one-required': ['token', 'paymentProfile'] });

export const Transaction = Type.Object({
  _id: Type.String(),
  companyId: Type.String(),
  tid: Type.String({ description: 'provider transaction identifier' }),
  clientId: Type.Optional(Type.String()),
  productId: Type.Optional(Type.String()),
  subscriptionId: Type.Optional(Type.String()),
  chargeId: Type.Optional(Type.String()),
  amount: Money,
  installments: Type.Integer(),
  paymentMethod: PaymentMethod,
  status: Type.Enum([...TRANSACTION_STATUSES]),
  message: Type.String({ description: 'main message' }),
  complementaryMessage: Type.String(),
  card: Type.Optional(Type.Object({ last4: Type.String(), expiration: Type.String(), holderName: Type.String() })),
  split: Type.Optional(Split),
  metadata: Type.Object({}, { additionalProperties: true }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
