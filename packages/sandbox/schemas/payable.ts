// Payables (sandbox: the reference names split recipients but shows no
// payable): what each recipient of a paid transaction is owed, in cents.
import { Type } from 'typebox';
import { PaymentMethod, Timestamp } from './common.js';
import { ListQuery } from './list.js';

export const PAYABLE_STATUSES = ['WAITING_FUNDS', 'PAID', 'REVERSED'] as const;

export const Payable = Type.Object({
  _id: Type.String(),
  companyId: Type.String({ description: 'the recipient' }),
  payingCompanyId: Type.String({ description: 'the company whose transaction it is' }),
  transactionId: Type.String(),
  ruleIndex: Type.Integer({ description: 'the rule of the applied split it pays (0 when no split applied)' }),
  paymentMethod: PaymentMethod,
  installments: Type.Integer(),
  grossAmount: Type.Integer({ description: 'cents: the recipient\'s share of the amount' }),
  fee: Type.Integer({ description: 'cents: the processing fee this recipient bears' }),
  netAmount: Type.Integer({ description: 'cents: grossAmount - fee (- anticipationFee when anticipated), never negative' }),
  anticipationFee: Type.Optional(Type.Integer({ description: 'cents: the anticipation\'s fee, when POST /sandbox/v1/charges/anticipate took it early (netAmount x 1.99% x days early / 30, rounded half up)' })),
  anticipatedFrom: Type.Optional(Type.String({ format: 'date', description: 'the availableOn it had before it was anticipated' })),
  status: Type.Enum([...PAYABLE_STATUSES], { description: 'WAITING_FUNDS until availableOn, then PAID; REVERSED when its transaction is refunded' }),
  availableOn: Type.String({ format: 'date', description: 'the paying day plus the method\'s D+n' }),
  reversedAt: Type.Optional(Timestamp),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const PayableListQuery = ListQuery({
  transactionId: Type.Optional(Type.String({ minLength: 1 })),
  status: Type.Optional(Type.Enum([...PAYABLE_STATUSES])),
});
