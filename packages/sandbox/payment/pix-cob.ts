// A charge's PIX as the Banco Central's PIX API issues it: a cobrança ("cob")
// with its txid, its expiry in seconds and a payload location the payer's bank
// fetches (Manual de Padrões para Iniciação do Pix; API Pix, resource /cob).
// Nothing is stored for it but the txid on the charge's slip: the location's
// last part is the charge id and a stamp (the issue instant and 3 random
// digits), so the location finds the charge, and the cob's status follows from
// the charge (pixCobStatus). A boleto's PIX ("bolepix", as Brazilian banks
// issue boletos since 2025) is a cobv (cobrança com vencimento): its location
// is under COBV_LOCATION_PATH and it lives until the boleto's due date.
import { randomInt } from 'node:crypto';
import type { ChargeDoc } from '../store/tables.js';
import { addDays, dayOf } from '../base/dates.js';
import { fieldError, invalid } from '../base/errors.js';

export type PixCobStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

/** Where the sandbox serves a cob's payload: the path after the host, before `<chargeId>.<stamp>`. */
export const PIX_LOCATION_PATH = '/sandbox/v1/pix/';
/** Where the sandbox serves a boleto's cobv payload (the boleto's PIX): its own path, as PSPs serve cobv apart from cob. */
export const COBV_LOCATION_PATH = '/sandbox/v1/cobv/';
/** Which of a charge's slips a cob belongs to: a PIX's cob, or a boleto's cobv. */
export type CobKind = 'PIX' | 'BOLETO';
/** A BR Code's field 26-25 holds at most 77 characters. */
const LOCATION_MAX = 77;

/**
 * The cob's stamp: the issue instant (milliseconds, 8 base-36 digits) and 3 random ones, since a
 * test clock stands still and two PIX of one charge may be issued at the same instant.
 */
export const pixStamp = (issuedAt: Date): string =>
  `${issuedAt.getTime().toString(36).padStart(8, '0')}${randomInt(36 ** 3).toString(36).padStart(3, '0')}`;

/** The cob's txid, 35 letters and digits (the API Pix asks 26 to 35): the charge id's (24, padded with 0) and the stamp. */
export const pixTxid = (chargeId: string, stamp: string): string => `${chargeId.replace(/[^A-Za-z0-9]/g, '').padStart(24, '0').slice(-24)}${stamp}`;

/** When the cob was made, from its stamp. */
export const stampTime = (stamp: string): Date => new Date(Number.parseInt(stamp.slice(0, 8), 36));

/**
 * The payload's location as a BR Code carries it: the host the caller reached, the path, the
 * charge id and the stamp; no scheme. A host too long to leave it 77 characters: 400 naming Host.
 */
export const pixLocation = (origin: string, chargeId: string, stamp: string, kind: CobKind = 'PIX'): string =>
  payloadLocation(origin, `${kind === 'PIX' ? PIX_LOCATION_PATH : COBV_LOCATION_PATH}${chargeId}.${stamp}`);

/** A payload's location (a cob's, a cobv's, a recorrência's) as a BR Code carries it: the host the caller reached and `path`, no scheme; at most 77 characters (400 naming Host). */
export function payloadLocation(origin: string, path: string): string {
  const host = origin.replace(/^https?:\/\//, '');
  const location = `${host}${path}`;
  if (location.length > LOCATION_MAX) {
    throw invalid(fieldError('Host', `the host this request reached (${host.length} characters) leaves no room for the PIX's payload location (a BR Code holds ${LOCATION_MAX} characters): reach the sandbox at a shorter host, such as localhost:<port>`));
  }
  return location;
}

/** Seconds from issue to the end of the day after it (UTC), the PIX's last day: the cob's calendario.expiracao. */
export const pixExpiresIn = (issuedAt: Date): number =>
  Math.floor((Date.parse(`${addDays(dayOf(issuedAt), 2)}T00:00:00Z`) - issuedAt.getTime()) / 1000);

/** A boleto's due date: the charge's, or the issue day when that has passed (a boleto is never issued already due). */
export const boletoDueDate = (charge: Pick<ChargeDoc, 'dueDate'>, issueDay: string): string =>
  (charge.dueDate && charge.dueDate >= issueDay ? charge.dueDate : issueDay);

/** Seconds from issue to the end of the boleto's due date (UTC): how long its cobv is ATIVA (validadeAposVencimento 0). */
export const cobvExpiresIn = (issuedAt: Date, dueDate: string): number =>
  Math.floor((Date.parse(`${addDays(dueDate, 1)}T00:00:00Z`) - issuedAt.getTime()) / 1000);

/**
 * The cob's status, read from its charge: ATIVA while it is (or, a cobv, belongs to) the charge's waiting slip; CONCLUIDA
 * or REMOVIDA_PELO_USUARIO_RECEBEDOR when the charge recorded it so (pixCob); every other ending
 * (expired, replaced, the charge held, disabled or ended) is the PSP's removal, REMOVIDA_PELO_PSP.
 */
export function pixCobStatus(charge: ChargeDoc, txid: string, kind: CobKind = 'PIX'): PixCobStatus {
  if (charge.slip?.paymentMethod === kind && charge.slip.txid === txid) return 'ATIVA';
  if (charge.pixCob?.txid === txid) return charge.pixCob.status;
  return 'REMOVIDA_PELO_PSP';
}
