// PIX Automático (the sandbox's extension, beyond the API reference): a
// subscription paid by PIX asks its payer's bank for a mandate to debit each
// renewal; the Banco Central calls it a recorrência (idRec). See "PIX
// Automático" in the description (http/docs/pix-automatic.ts).
import { Type } from 'typebox';
import { CompanyId, Timestamp } from './common.js';
import { Charge, PixSlip } from './charge.js';

const EXT = 'the sandbox\'s extension (not in the reference)';
export const MANDATE_STATUSES = ['PENDING', 'ACTIVE', 'REJECTED', 'EXPIRED', 'REVOKED', 'CANCELED'] as const;
/** The Banco Central's journeys of authorisation (Regulamento do Pix Automático): 1 the payer's bank is asked directly, 2 a QR of the mandate alone, 3 a QR that pays the first charge and authorises together, 4 a QR that pays the first charge, then offers the mandate. */
export const JOURNEYS = [1, 2, 3, 4] as const;
/** The periodicities the Banco Central's recorrência takes, by the product's charge.frequencyDays. */
export const PERIODICITIES = ['SEMANAL', 'MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
/** What the payer's bank answered to the latest debit of a charge (the sandbox's). */
export const DEBIT_REFUSALS = ['INSUFFICIENT_FUNDS', 'ABOVE_MAXIMUM', 'NO_MANDATE'] as const;

export const Mandate = Type.Object({
  _id: Type.String(),
  companyId: Type.String(),
  subscriptionId: Type.String(),
  clientId: Type.String({ description: 'the payer (devedor): the subscription\'s client' }),
  status: Type.Enum([...MANDATE_STATUSES]),
  journey: Type.Integer({ minimum: 1, maximum: 4, description: 'the Banco Central\'s journey of authorisation: 1 asked of the payer\'s bank (no code), 2 a QR of the mandate alone, 3 a QR paying the first charge and authorising together, 4 a QR paying the first charge, the mandate offered after' }),
  idRec: Type.String({ pattern: '^RR[0-9]{8}[0-9]{8}[A-Za-z0-9]{11}$', description: 'the recorrência\'s id as the Banco Central shapes it: RR, the receiver\'s ISPB (8 digits), the day made (YYYYMMDD), 11 letters and digits' }),
  periodicity: Type.Enum([...PERIODICITIES], { description: 'from the product\'s charge.frequencyDays (7, 30, 90, 180, 365)' }),
  amount: Type.Integer({ description: 'cents: each debit\'s value (valorRec), the product\'s price when asked' }),
  startDate: Type.String({ format: 'date', description: 'the first renewal it debits (calendario.dataInicial): the subscription\'s nextChargeDate when asked' }),
  maxAmount: Type.Optional(Type.Integer({ minimum: 1, description: 'cents: the most the payer allowed a debit to take (set on approval); a charge above it is refused by the payer\'s bank' })),
  retryPolicy: Type.Literal('PERMITE_3R_7D', { description: 'the Banco Central\'s politicaRetentativa: up to 3 retries within 7 days of the due date' }),
  expiresOn: Type.String({ format: 'date', description: 'the last day the payer may answer (the request made today: the day after)' }),
  chargeId: Type.Optional(Type.String({ description: 'journeys 3 and 4: the charge paid with the authorisation (its PIX is in the same code)' })),
  declineNext: Type.Optional(Type.Integer({ minimum: 0, description: 'sandbox: how many of the next debits the payer\'s bank refuses for want of funds (POST /sandbox/v1/mandates/bank action decline-debits)' })),
  history: Type.Array(Type.Object({ status: Type.Enum(['CRIADA', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA']), at: Timestamp }), { description: 'the recorrência\'s atualizacao, as its payload lists it' }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
}, { description: `A PIX Automático mandate, ${EXT}` });

export const RequestMandateBody = Type.Object({
  companyId: CompanyId,
  subscriptionId: Type.String({ minLength: 1 }),
  journey: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, default: 2, description: 'the Banco Central\'s journey (default 2, a QR of the mandate alone)' })),
});

/** What the shopper needs to authorise: the BR Code (journeys 2-4) and its QR. */
export const MandateCode = Type.Object({
  brCode: Type.String({ description: 'EMV "copia e cola": the recurrence location in 80-25 (journey 2 alone; 3 and 4 with the first charge\'s cob location in 26-25)' }),
  qrCodeImage: Type.String({ pattern: '^data:image/png;base64,' }),
  recurrenceLocation: Type.String({ description: 'the recorrência\'s payload location (no scheme): a signed JWS' }),
  pix: Type.Optional(PixSlip),
});

export const MandateAnswer = Type.Object({ mandate: Mandate, code: Type.Optional(MandateCode), charge: Type.Optional(Charge) });

export const BANK_ACTIONS = ['approve', 'reject', 'expire', 'revoke', 'decline-debits'] as const;
export const BankActionBody = Type.Object({
  companyId: CompanyId,
  mandateId: Type.String({ minLength: 1 }),
  action: Type.Enum([...BANK_ACTIONS]),
  maxAmount: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000_000, description: 'approve: cents, the most a debit may take (none: any amount)' })),
  count: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'decline-debits: how many of the next debits are refused for want of funds' })),
});

export const MandateQuery = Type.Object({ mandateId: Type.String({ minLength: 1 }), companyId: Type.Optional(Type.String({ minLength: 1 })) });
