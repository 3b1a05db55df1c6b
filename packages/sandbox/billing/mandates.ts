// PIX Automático mandates (the sandbox's extension): the merchant asks one for
// a PIX subscription, in one of the Banco Central's journeys; the payer's bank
// (the sandbox's actions) approves, rejects, lets it expire, later revokes it.
// Each answer is a row of the mandate's table (domain/states/mandate.ts).
import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import type { Static } from 'typebox';
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { addDays, dayOf } from '../base/dates.js';
import { fieldError, invalid } from '../base/errors.js';
import { renewalDays } from '../domain/product-rules.js';
import { conflict, create, move } from '../domain/states/machine.js';
import { BCB_STATUS, MANDATE_MACHINE, type MandateEvent, type MandateStatus } from '../domain/states/mandate.js';
import { OPEN } from '../domain/states/charge.js';
import { LIVE } from '../domain/states/subscription.js';
import { SANDBOX_PIX, pixFor } from '../payment/bank-slips.js';
import { recurrenceBrCode } from '../payment/pix.js';
import { payloadLocation } from '../payment/pix-cob.js';
import type { BankActionBody, PERIODICITIES } from '../schemas/mandate.js';
import { openChargesOf } from '../store/charges.js';
import { liveMandateOf, type MandateDoc } from '../store/mandates.js';
import { charges, newId, priceCents, products, type ChargeDoc, type SubscriptionDoc } from '../store/tables.js';
import { issueSlip, PAYABLE, settleSlip } from './slips.js';

/** Where the sandbox serves a recorrência's payload (the path before the mandate id). */
export const REC_LOCATION_PATH = '/sandbox/v1/rec/';
/** The sandbox's made-up ISPB (the receiver's PSP in idRec and the payload). */
export const SANDBOX_ISPB = '12345678';
/** The Banco Central's periodicities by the days between renewals. */
export const PERIODICITY_BY_DAYS: Readonly<Record<number, (typeof PERIODICITIES)[number]>> = { 7: 'SEMANAL', 30: 'MENSAL', 90: 'TRIMESTRAL', 180: 'SEMESTRAL', 365: 'ANUAL' };

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The recorrência's id: RR, the ISPB, the day, 11 letters and digits. */
const idRec = (day: string) => `RR${SANDBOX_ISPB}${day.replaceAll('-', '')}${Array.from({ length: 11 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('')}`;

/** What each journey does, said once (the description's PIX Automático section lists them). */
export const JOURNEY_WORDS = [
  'the payer\'s bank is asked directly (the payer finds the request in their app): the answer has no code;',
  'a QR of the mandate alone: \`code\` {brCode, qrCodeImage, recurrenceLocation}; pix-utils reads it as RECURRENCE;',
  'a QR that pays the subscription\'s first open charge and authorises together: \`code.pix\` is the charge\'s PIX (issued now, charge.updated) and the brCode carries both locations (pix-utils: DYNAMIC with urlRec); approve pays the charge, reject pays nothing (its PIX waits until it expires);',
  'as 3, but the payer pays first and is then offered the mandate: approve and reject both pay the charge.',
] as const;

const onSubscription = (message: string) => invalid(fieldError('subscriptionId', message));

/** What a mandate can be asked for: a live PIX subscription with a client, renewing at a period the Banco Central takes, without a live mandate. */
async function assertMandatable(db: Queryable, sub: SubscriptionDoc) {
  if (!(LIVE as readonly string[]).includes(sub.status)) throw onSubscription(`subscription ${sub._id} is ${sub.status}: a mandate is asked for a live subscription (${LIVE.join(', ')})`);
  if (sub.paymentMethod !== 'PIX') throw onSubscription(`subscription ${sub._id} is paid by ${sub.paymentMethod}: PIX Automático debits a subscription paid by PIX`);
  if (!sub.clientId) throw onSubscription(`subscription ${sub._id} has no client: a mandate names its payer (devedor)`);
  const product = await products.get(db, sub.companyId, sub.productId);
  if (!product) throw onSubscription(`subscription ${sub._id}'s product is gone`);
  const days = renewalDays(product);
  const periodicity = days === undefined ? undefined : PERIODICITY_BY_DAYS[days];
  if (!periodicity) throw onSubscription(`subscription ${sub._id} renews every ${days ?? 'never'} days: PIX Automático takes 7, 30, 90, 180 or 365 (SEMANAL to ANUAL)`);
  const live = await liveMandateOf(db, sub._id, true);
  if (live) throw conflict(`subscription ${sub._id} already has mandate ${live._id} ${live.status}: one at a time (revoked, rejected, expired or canceled, a new one may be asked)`, 'subscriptionId');
  return { product, periodicity };
}

/** The recorrência's location as a BR Code carries it: the host the caller reached, the path, the mandate id. */
export const recurrenceLocation = (origin: string, mandateId: string) => payloadLocation(origin, `${REC_LOCATION_PATH}${mandateId}`);

/**
 * Asks the payer's bank for a mandate on `sub` (row-locked by the caller) by `journey`: journey
 * 1 answers no code (the bank is asked directly); 2 a code of the mandate alone; 3 and 4 a code
 * that also carries the first open charge's PIX (issued now).
 */
export async function requestMandate(ctx: SandboxContext, db: Queryable, sub: SubscriptionDoc, journey: number, origin: string) {
  const { product, periodicity } = await assertMandatable(db, sub);
  const now = ctx.now(sub.companyId);
  const today = dayOf(now);
  let first: ChargeDoc | undefined;
  if (journey >= 3) {
    first = (await openChargesOf(db, sub, OPEN))[0];
    if (!first) throw invalid(fieldError('journey', `journey ${journey} pays the subscription's first open charge with the authorisation, and subscription ${sub._id} has none: ask journey 1 or 2`));
  }
  const at = now.toISOString();
  const mandate = await create(MANDATE_MACHINE, db, {
    _id: newId(), companyId: sub.companyId, subscriptionId: sub._id, clientId: sub.clientId!, status: 'PENDING', journey, idRec: idRec(today), periodicity,
    amount: priceCents(product), startDate: sub.nextChargeDate ?? today, retryPolicy: 'PERMITE_3R_7D', expiresOn: addDays(today, 1),
    ...(first ? { chargeId: first._id } : {}), history: [{ status: 'CRIADA', at }], createdAt: at, updatedAt: at,
  }, 'requested', now);
  if (journey === 1) return { mandate };
  const location = recurrenceLocation(origin, mandate._id);
  const issued = first ? await issueSlip(ctx, db, first, 'PIX', origin) as { charge: ChargeDoc; pix: Awaited<ReturnType<typeof pixFor>> } : undefined;
  const pix = issued?.pix;
  const brCode = recurrenceBrCode({ recurrenceLocation: location, cobLocation: pix?.location, merchantName: SANDBOX_PIX.merchantName, merchantCity: SANDBOX_PIX.merchantCity });
  const qrCodeImage = await QRCode.toDataURL(brCode, { errorCorrectionLevel: 'M', margin: 4, scale: 4, type: 'image/png' });
  return { mandate, code: { brCode, qrCodeImage, recurrenceLocation: location, ...(pix ? { pix } : {}) }, ...(issued ? { charge: issued.charge } : {}) };
}

/** Moves the mandate by `event`, its recorrência's history following its status. */
function moveMandate(db: Queryable, mandate: MandateDoc, event: MandateEvent, at: Date, patch: Partial<MandateDoc> = {}, to?: MandateStatus) {
  const status = to ?? (MANDATE_MACHINE.rows.find((row) => row.event === event)!.to as MandateStatus | 'same');
  const history = status === 'same' || status === mandate.status ? mandate.history : [...mandate.history, { status: BCB_STATUS[status], at: at.toISOString() }];
  return move(MANDATE_MACHINE, db, mandate, event, at, { patch: { ...patch, history }, field: 'mandateId' });
}

/** Journeys 3 and 4: the payer pays the first charge's PIX with the answer (nothing when it was paid or closed meanwhile). */
async function payFirstCharge(ctx: SandboxContext, db: Queryable, mandate: MandateDoc) {
  const charge = mandate.chargeId ? await charges.get(db, mandate.companyId, mandate.chargeId, true) : undefined;
  if (!charge || !PAYABLE.includes(charge.status) || charge.slip?.paymentMethod !== 'PIX') return {};
  return settleSlip(ctx, db, charge, 'PIX');
}

const EVENT_OF = { approve: 'approved', reject: 'rejected', expire: 'expired', revoke: 'revoked', 'decline-debits': 'debits_declined' } as const;

/** The payer's bank answers (POST /sandbox/v1/mandates/bank). */
export async function bankAction(ctx: SandboxContext, db: Queryable, mandate: MandateDoc, body: Static<typeof BankActionBody>) {
  const at = ctx.now(mandate.companyId);
  if (body.maxAmount !== undefined && body.action !== 'approve') throw invalid(fieldError('maxAmount', 'maxAmount is the payer\'s limit, set with action approve'));
  if (body.count !== undefined && body.action !== 'decline-debits') throw invalid(fieldError('count', 'count goes with action decline-debits'));
  if (body.action === 'decline-debits' && body.count === undefined) throw invalid(fieldError('count', 'action decline-debits needs count: how many of the next debits the payer\'s bank refuses'));
  const event = EVENT_OF[body.action];
  const patch: Partial<MandateDoc> = body.action === 'approve' && body.maxAmount !== undefined ? { maxAmount: body.maxAmount } : body.action === 'decline-debits' ? { declineNext: body.count } : {};
  const moved = await moveMandate(db, mandate, event, at, patch);
  // Journey 3 pays with the approval; journey 4 pays whatever the payer says of the mandate.
  const pays = (body.action === 'approve' && mandate.journey >= 3) || (body.action === 'reject' && mandate.journey === 4);
  return { mandate: moved, ...(pays ? await payFirstCharge(ctx, db, moved) : {}) };
}

/** The clock's mandateExpired row: a PENDING mandate whose last day has passed. */
export const expireMandate = (db: Queryable, mandate: MandateDoc, at: Date) => moveMandate(db, mandate, 'expired', at);

