// What a charge paid by PIX or BOLETO shows the shopper: the BR Code and its
// QR image, or the boleto's barcode and linha digitável, derived from the
// charge (stable: the same charge always gets the same codes).
import QRCode from 'qrcode';
import { boleto } from './boleto.js';
import { dynamicBrCode } from './pix.js';
import { boletoDueDate, cobvExpiresIn, pixExpiresIn, pixLocation, pixStamp, pixTxid } from './pix-cob.js';
import type { ChargeDoc } from '../store/tables.js';

/** The sandbox's PIX key and receiver: no real account. */
export const SANDBOX_PIX = { key: 'pix@sandbox.svc-card.example', merchantName: 'SVC SANDBOX', merchantCity: 'SAO PAULO' };
/** Who a sandbox boleto pays (its beneficiary, "beneficiário"): the same made-up receiver, a CNPJ with valid check digits. */
export const SANDBOX_BENEFICIARY = { name: 'SVC SANDBOX', taxId: '12345678000195' };
/** Who a boleto is made out to ("pagador"): the charge's client, as a printed boleto names them. */
export interface BoletoPayer { name: string; taxId: string }

/**
 * The charge's PIX as a cob: its txid, the dynamic BR Code pointing at the payload the sandbox
 * serves at `origin` (pix-cob.ts), and the QR a banking app scans: a PNG data URL (an <img src>
 * needs nothing else), error correction M and the 4-module quiet zone of ISO/IEC 18004. With a
 * `boletoDue`, the boleto's PIX: a cobv at its own location, ATIVA until the end of that day.
 */
export async function pixFor(charge: ChargeDoc, origin: string, issuedAt: Date, boletoDue?: string) {
  const stamp = pixStamp(issuedAt);
  const txid = pixTxid(charge._id, stamp);
  const location = pixLocation(origin, charge._id, stamp, boletoDue ? 'BOLETO' : 'PIX');
  const code = dynamicBrCode({ location, merchantName: SANDBOX_PIX.merchantName, merchantCity: SANDBOX_PIX.merchantCity });
  const qrCodeImage = await QRCode.toDataURL(code, { errorCorrectionLevel: 'M', margin: 4, scale: 4, type: 'image/png' });
  return { brCode: code, qrCodeImage, txid, location, expiresIn: boletoDue ? cobvExpiresIn(issuedAt, boletoDue) : pixExpiresIn(issuedAt), amount: charge.amount.value };
}

/**
 * The boleto of a charge: barcode, line and due date (the reference's boleto data), and what a
 * printed boleto also shows, so a page can print it (the sandbox's: amount, beneficiary, payer
 * when the charge's client is known).
 */
export function boletoFor(charge: ChargeDoc, today: string, payer?: BoletoPayer) {
  const dueDate = boletoDueDate(charge, today);
  // 25 digits from the charge id (hex): its value modulo 10^25.
  const freeField = (BigInt(`0x${charge._id.replace(/[^0-9a-f]/gi, '') || '0'}`) % 10n ** 25n).toString().padStart(25, '0');
  return { ...boleto({ dueDate, cents: charge.amount.value, freeField }), dueDate, amount: charge.amount.value, beneficiary: SANDBOX_BENEFICIARY, ...(payer ? { payer } : {}) };
}
