// POST /v1/transaction (4.3) and the transaction (2.2).
import { Type } from 'typebox';
import { ListQuery } from './list.js';
import { exclusive, oneRequired } from './rules.js';
import { Acquirer, RoutingTrace } from './routing.js';
import { Payable } from './payable.js';
import { SPLIT_SOURCES, Split } from './split.js';

export { Split };
import { AmountCents, CompanyId, MAX_AMOUNT_CENTS, InlineClient, Installments, Money, PaymentMethod, PaymentProfile, Timestamp, Token } from './common.js';
import { rowRef } from '../base/clock-rows.js';

/**
 * Days an authorization waits for its capture (captureBefore): not captured by then, it lapses
 * (the reference is silent; Stripe's online card authorizations last 7 days, Mercado Pago's 5).
 */
export const AUTHORIZATION_DAYS = 7;

export const TRANSACTION_STATUSES = ['PAID', 'PROCESSING', 'DECLINED', 'CANCELED', 'DISCARDED', 'AUTHORIZED', 'IN_ANALYSIS', 'ERROR_PAYMENT',
  'DISPUTE', 'STANDBY', 'CHARGEBACK', 'PENDING_REVIEW', 'PENDING_3DS', 'BLOCKED', 'INVALID_PAYMENT', 'NO_PAYMENT_ROUTE', 'PENDING_PAYMENT', 'ERROR_REFUNDED'] as const;


/** What the shopper must do before a PENDING_3DS transaction can end (sandbox/http/docs/three-ds.ts). */
export const NextAction = Type.Object({
  type: Type.Literal('THREE_DS_CHALLENGE'),
  url: Type.String({ format: 'uri', description: 'the challenge page, on the service\'s origin; its last segment is a one-time reference: show it in a frame (handleNextAction of svc-card/next-action) or open it' }),
  expiresAt: Timestamp,
}, { description: 'sandbox: present while the transaction is PENDING_3DS' });

export const ThreeDS = Type.Object({
  flow: Type.Enum(['challenge', 'frictionless']),
  result: Type.Enum(['PENDING', 'AUTHENTICATED', 'FAILED', 'EXPIRED']),
  at: Type.Optional(Timestamp),
}, { description: 'sandbox: the 3-D Secure authentication of a card that asked for it' });

export const CreateTransactionBody = Type.Object({
  companyId: CompanyId,
  amount: AmountCents,
  installments: Type.Optional(Installments),
  capture: Type.Optional(Type.Boolean({ default: true, description: 'false: the transaction stays AUTHORIZED until captured' })),
  split: Type.Optional(Split),
  paymentProfile: Type.Optional(PaymentProfile),
  token: Type.Optional(Token),
  client: Type.Optional(InlineClient),
}, { ...exclusive('token', 'paymentProfile'), ...oneRequired('token', 'paymentProfile') });

export const Transaction = Type.Object({
  _id: Type.String(),
  companyId: Type.String(),
  tid: Type.String({ description: 'provider transaction identifier' }),
  clientId: Type.Optional(Type.String()),
  productId: Type.Optional(Type.String()),
  subscriptionId: Type.Optional(Type.String()),
  chargeId: Type.Optional(Type.String()),
  referenceId: Type.Optional(Type.String({ description: 'the caller\'s reference sent with the POST /v1/charge/pay that made it (for a PIX or boleto, the one that issued it)' })),
  amount: Money,
  installments: Type.Integer(),
  paymentMethod: PaymentMethod,
  status: Type.Enum([...TRANSACTION_STATUSES]),
  message: Type.String({ description: 'main message' }),
  complementaryMessage: Type.String(),
  card: Type.Optional(Type.Object({ bin: Type.String({ description: 'first six digits' }), last4: Type.String(), brand: Type.String(), expiration: Type.String(), holderName: Type.String() })),
  split: Type.Optional(Split),
  acquirer: Type.Optional(Acquirer),
  routing: Type.Optional(RoutingTrace),
  nextAction: Type.Optional(NextAction),
  threeDS: Type.Optional(ThreeDS),
  splitSource: Type.Optional(Type.Enum([...SPLIT_SOURCES], { description: 'sandbox: once PAID, where the applied split (split) came from; none: the whole amount to the paying company' })),
  processingFee: Type.Optional(Type.Integer({ minimum: 0, description: 'sandbox: cents, once PAID: the fee table\'s fee on the whole amount, shared among the payables' })),
  captureBefore: Type.Optional(Type.String({ format: 'date-time', description: `sandbox: set when AUTHORIZED, ${AUTHORIZATION_DAYS} days after the authorization: not captured by then, the test clock lets it lapse (CANCELED, ${rowRef('authorizationLapsed')}) and a capture is refused` })),
  processing: Type.Optional(Type.Object({
    settlesAt: Timestamp,
    capture: Type.Boolean({ description: 'false: settled AUTHORIZED when approved' }),
    payer: Type.Enum(['shopper', 'subscription'], { description: 'subscription: the first payment of POST /v1/subscription or a renewal of the test clock, whose failure makes the charge and the subscription ERROR_PAYMENT; shopper: POST /v1/transaction, POST /v1/charge/pay' }),
  }, { description: `sandbox: a payment its provider answers later (a delayed fault, PROCESSING): the test clock settles it once past settlesAt (${rowRef('processingSettled')})` })),
  review: Type.Optional(Type.Object({
    dueBy: Type.String({ format: 'date', description: 'undecided at the end of this day on the test clock, the review denies it (DECLINED)' }),
  }, { description: 'sandbox: a payment held for fraud review (IN_ANALYSIS, PENDING_REVIEW) and its deadline' })),
  dispute: Type.Optional(Type.Object({
    openedAt: Timestamp,
    dueBy: Type.String({ format: 'date', description: 'undecided at the end of this day on the test clock, the dispute is lost (CHARGEBACK)' }),
    outcome: Type.Optional(Type.Enum(['won', 'lost'])),
  }, { description: 'sandbox: a dispute of this payment (DISPUTE) and how it ended' })),
  metadata: Type.Object({}, { additionalProperties: true }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** The transaction named by `transactionId` or `tid` (4.3); both given must name the same one. */
const Identify = {
  companyId: CompanyId,
  transactionId: Type.Optional(Type.String({ minLength: 1 })),
  tid: Type.Optional(Type.String({ minLength: 1 })),
};

export const CaptureBody = Type.Object({
  ...Identify,
  amount: Type.Optional(Type.Number({ maximum: MAX_AMOUNT_CENTS, description: 'ignored: the amount stored on the transaction is captured (4.3)' })),
}, oneRequired('transactionId', 'tid'));

export const CaptureResult = Type.Object({ statusCode: Type.Integer(), data: Transaction }, { description: 'The provider-style answer of 4.3' });

export const CancelBody = Type.Object({
  ...Identify,
  cancelSubscription: Type.Optional(Type.Boolean({ description: 'true: the linked subscription is canceled too (CANCELED_MANUAL)' })),
  amount: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_AMOUNT_CENTS, description: 'sandbox: cents; a cancel refunds the whole amount, so only the transaction\'s amount is taken (another: 400 on amount, nothing refunded; see Money moves)' })),
}, oneRequired('transactionId', 'tid'));

export const AlreadyCanceled = Type.Object({ success: Type.Literal(true), message: Type.String() });

export const TransactionListQuery = ListQuery({
  status: Type.Optional(Type.Enum([...TRANSACTION_STATUSES])),
  clientId: Type.Optional(Type.String({ minLength: 1 })),
  subscriptionId: Type.Optional(Type.String({ minLength: 1 })),
  chargeId: Type.Optional(Type.String({ minLength: 1 })),
});

export const FullQuery = Type.Object({
  companyId: Type.Optional(Type.String({ minLength: 1 })),
  transactionId: Type.Optional(Type.String({ minLength: 1 })),
  tid: Type.Optional(Type.String({ minLength: 1 })),
}, oneRequired('transactionId', 'tid'));

export const TransactionFull = Type.Object({
  ...Transaction.properties,
  product: Type.Optional(Type.Object({ _id: Type.String(), title: Type.String(), price: Type.Number() })),
  client: Type.Optional(Type.Object({ _id: Type.String(), name: Type.String(), doc: Type.String(), email: Type.Optional(Type.String()) })),
  subscription: Type.Optional(Type.Object({ _id: Type.String(), status: Type.String(), productId: Type.String() })),
  binData: Type.Optional(Type.Object({ bin: Type.String(), brand: Type.String(), issuerName: Type.String() })),
  payables: Type.Array(Payable, { description: 'sandbox: one per recipient once PAID (one per recipient and installment for a credit card sale in installments), in split rule order then installment; empty before' }),
});
