// Payables (sandbox: the reference names split recipients but shows no
// payable): what each recipient of a paid transaction is owed, in cents, one
// per installment when a credit card sale is paid out in installments.
import { Type } from 'typebox';
import { MAX_INSTALLMENTS, PaymentMethod, Timestamp } from './common.js';
import { ListQuery } from './list.js';
import { ANTICIPATION_RATE } from '../base/anticipation-fee.js';

export const PAYABLE_STATUSES = ['WAITING_FUNDS', 'PAID', 'REVERSED'] as const;

export const Payable = Type.Object({
  _id: Type.String(),
  companyId: Type.String({ description: 'the recipient' }),
  payingCompanyId: Type.String({ description: 'the company whose transaction it is' }),
  transactionId: Type.String(),
  ruleIndex: Type.Integer({ description: 'the rule of the applied split it pays (0 when no split applied)' }),
  paymentMethod: PaymentMethod,
  installments: Type.Integer({ description: 'the transaction\'s installment count (n)' }),
  installment: Type.Integer({ minimum: 1, maximum: MAX_INSTALLMENTS, description: 'which installment it pays, 1..n: a credit card sale in n > 1 installments makes one payable per recipient and installment; 1 for every other payment' }),
  grossAmount: Type.Integer({ description: 'cents: the recipient\'s share of the amount; in installments, its share in n equal parts floored, the cents left on installment 1' }),
  fee: Type.Integer({ description: 'cents: the processing fee this recipient bears; in installments, its fee in n equal parts floored, the cents left on installment 1, except that a fee above installment 1\'s gross moves its excess to installments 2, 3, ... in order, each up to its gross' }),
  netAmount: Type.Integer({ description: 'cents: grossAmount - fee (- anticipationFee when anticipated), never negative; in installments, each part\'s own grossAmount - fee, the parts adding up to the share\'s' }),
  anticipationFee: Type.Optional(Type.Integer({ description: `cents: the anticipation's fee, when POST /sandbox/v1/charges/anticipate took it early (netAmount x ${ANTICIPATION_RATE} x days early / 30, rounded half up)` })),
  anticipatedFrom: Type.Optional(Type.String({ format: 'date', description: 'the availableOn it had before it was anticipated' })),
  status: Type.Enum([...PAYABLE_STATUSES], { description: 'WAITING_FUNDS until availableOn, then PAID; REVERSED when its transaction is refunded' }),
  availableOn: Type.String({ format: 'date', description: 'the paying day plus the method\'s D+d; installment k of a credit card sale in installments: plus d x k days (D+30, D+60, D+90, ...)' }),
  reversedAt: Type.Optional(Timestamp),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const PayableListQuery = ListQuery({
  transactionId: Type.Optional(Type.String({ minLength: 1 })),
  status: Type.Optional(Type.Enum([...PAYABLE_STATUSES])),
});
