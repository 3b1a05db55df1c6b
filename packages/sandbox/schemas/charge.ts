// Charges (2.3, 4.4).
import { Type } from 'typebox';
import { cardFor, exclusive, installmentsFor } from './rules.js';
import { CompanyId, DueDate, Installments, Money, Reais, PaymentMethod, PaymentProfile, Timestamp, Token } from './common.js';
import { Transaction } from './transaction.js';

export const CHARGE_STATUSES = ['PAID', 'ACTIVE', 'ANTICIPATED', 'CANCELED', 'CANCELED_ALERT_NETWORK_A', 'PENDING_PAYMENT', 'IMPORTED', 'ERROR_PAYMENT',
  'ERROR_REFUNDED', 'OVERDUE', 'NO_PAYMENT_ROUTE', 'RECOVERED', 'BLOCKED', 'NO_PAYMENT', 'CANCELED_MANUAL', 'DISPUTE', 'CHARGEBACK', 'STANDBY', 'DISABLED'] as const;

export const Charge = Type.Object({
  _id: Type.String(),
  companyId: Type.String(),
  clientId: Type.Optional(Type.String()),
  productId: Type.Optional(Type.String()),
  subscriptionId: Type.Optional(Type.String()),
  amount: Money,
  dueDate: Type.Optional(Type.String({ format: 'date' })),
  description: Type.Optional(Type.String()),
  status: Type.Enum([...CHARGE_STATUSES]),
  paymentMethods: Type.Array(PaymentMethod),
  active: Type.Boolean(),
  cardAuth: Type.Optional(Type.Boolean()),
  sequence: Type.Optional(Type.Integer({ description: 'sequential number within its subscription' })),
  attempts: Type.Optional(Type.Integer({ description: 'failed payment attempts so far' })),
  lastAttemptAt: Type.Optional(Type.String({ format: 'date-time' })),
  slip: Type.Optional(Type.Object({
    paymentMethod: Type.Enum(['PIX', 'BOLETO']),
    issuedAt: Timestamp,
    expiresOn: Type.String({ format: 'date', description: 'the last day the bank takes it: PIX the day after issue, boleto its due date' }),
    referenceId: Type.Optional(Type.String({ description: 'the referenceId of the POST /v1/charge/pay that issued it' })),
    txid: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{35}$', description: 'the sandbox\'s (not in the reference): a PIX\'s cob txid (its payload served at its location, GET /sandbox/v1/pix/{cob}), or the txid of the PIX a boleto carries (a cobv, GET /sandbox/v1/cobv/{cob})' })),
  }, { description: 'the PIX or boleto issued and not yet paid or expired (sandbox)' })),
  pixCob: Type.Optional(Type.Object({
    txid: Type.String(),
    status: Type.Enum(['CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR']),
  }, { description: 'the sandbox\'s (not in the reference): the last PIX cob of the charge (a boleto\'s PIX included) that was paid (CONCLUIDA) or removed by the merchant (REMOVIDA_PELO_USUARIO_RECEBEDOR, POST /sandbox/v1/charges/remove-pix); the payload location answers its status' })),
  pixDebit: Type.Optional(Type.Object({
    attempts: Type.Integer({ minimum: 1, description: 'PIX Automático debits asked of the payer\'s bank for this charge (at most 4: the due date\'s and 3 retries)' }),
    refusal: Type.Optional(Type.Enum(['INSUFFICIENT_FUNDS', 'ABOVE_MAXIMUM'], { description: 'why the payer\'s bank refused the latest: INSUFFICIENT_FUNDS is retried, ABOVE_MAXIMUM (the charge above the mandate\'s maxAmount) is not' })),
  }, { description: 'the sandbox\'s (not in the reference): the charge\'s PIX Automático debits (see "PIX Automático")' })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const PayChargeBody = Type.Object({
  _id: Type.String({ minLength: 1, description: 'charge id' }),
  companyId: CompanyId,
  referenceId: Type.Optional(Type.String({ maxLength: 200, description: 'the caller\'s own reference (an order id): kept on the transaction a card payment makes, and on the PIX or boleto issued (charge.slip) and the transaction the bank settles it with' })),
  paymentMethod: PaymentMethod,
  installments: Type.Optional(Installments),
  origin: Type.Optional(Type.String()),
  captchaToken: Type.Optional(Type.String({ description: 'Checked by the captcha guard (401 when wrong); the sandbox stub accepts "sandbox-captcha-ok"' })),
  paymentProfile: Type.Optional(PaymentProfile),
  token: Type.Optional(Token),
  cardAuthId: Type.Optional(Type.String()),
}, { ...exclusive('token', 'paymentProfile'), allOf: [...cardFor(), installmentsFor()] });

/** What PIX shows the shopper (4.4 leaves it unshown). */
export const PixSlip = Type.Object({
  brCode: Type.String({ description: 'EMV "copia e cola", CRC16 at the end: a dynamic BR Code (field 01 "12", the payload location in 26-25, no key, no amount, 62-05 "***")' }),
  qrCodeImage: Type.String({ pattern: '^data:image/png;base64,', description: 'the BR Code as a QR image: a PNG data URL (error correction M, 4-module quiet zone)' }),
  txid: Type.String({ description: 'the cob\'s txid (35 letters and digits; the API Pix asks 26 to 35)' }),
  location: Type.Optional(Type.String({ description: 'the sandbox\'s (not in the reference): the payload location the BR Code carries (no scheme), served as the signed JWS the payer\'s bank fetches' })),
  expiresIn: Type.Optional(Type.Integer({ minimum: 1, description: 'the sandbox\'s (not in the reference): seconds from issue until the cob expires: a PIX\'s calendario.expiracao, the end of the day after issue, UTC; a boleto\'s PIX (a cobv), the end of the boleto\'s due date, UTC' })),
  amount: Type.Optional(Type.Integer({ description: 'the sandbox\'s (not in the reference): cents, the value the payload carries (a dynamic BR Code has no field 54)' })),
}, { description: 'paymentMethod PIX: the charge\'s PIX. BOLETO: the PIX the boleto carries beside its line (the sandbox\'s extension: a boleto with PIX, "bolepix", its cob a cobv until the boleto\'s due date); either pays the charge, once' });
const Party = (who: string) => Type.Object({ name: Type.String(), taxId: Type.String({ pattern: '^(\\d{11}|\\d{14})$', description: 'CPF (11 digits) or CNPJ (14), digits only' }) }, { description: who });
/** What a boleto shows the shopper: the reference's boleto data (barcode, line, due date) and, the sandbox's own, what a printed boleto also carries. */
export const BoletoSlip = Type.Object({
  barcode: Type.String({ pattern: '^\\d{44}$' }), digitableLine: Type.String({ pattern: '^\\d{47}$' }), dueDate: Type.String({ format: 'date' }),
  amount: Type.Optional(Type.Integer({ description: 'the sandbox\'s (not in the reference): cents, the value the barcode carries' })),
  beneficiary: Type.Optional(Party('the sandbox\'s (not in the reference): who the boleto pays (beneficiário); in the sandbox always SVC SANDBOX')),
  payer: Type.Optional(Party('the sandbox\'s (not in the reference): who the boleto is made out to (pagador): the charge\'s client')),
});

export const PayChargeResult = Type.Object({
  charge: Charge,
  transaction: Type.Optional(Transaction),
  paymentMethod: Type.Optional(PaymentMethod),
  status: Type.Optional(Type.Literal('PENDING_PAYMENT')),
  pix: Type.Optional(PixSlip),
  boleto: Type.Optional(BoletoSlip),
}, { description: 'The charge after the attempt, and the transaction a card payment made' });

export const CreateChargeBody = Type.Object({
  companyId: CompanyId,
  clientId: Type.String({ minLength: 1, description: 'an existing client of the company' }),
  productId: Type.String({ minLength: 1, description: 'an existing product of the company' }),
  dueDate: DueDate(),
  amount: Reais(0.01, 'BRL, a decimal: multiplied by 100 and rounded half up to integer cents (0.285 -> 29)'),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  paymentMethods: Type.Optional(Type.Array(PaymentMethod, { minItems: 1, uniqueItems: true, description: 'the payment options; default all four' })),
  cardAuth: Type.Optional(Type.Boolean({ description: 'card-authorization flag, kept' })),
});

export const SettleBody = Type.Object({ companyId: CompanyId, chargeId: Type.String({ minLength: 1 }), paymentMethod: Type.Enum(['PIX', 'BOLETO']) });
export const ExpireBody = Type.Object({ companyId: CompanyId, chargeId: Type.String({ minLength: 1 }) });
