// What a charge paid by PIX or BOLETO shows the shopper: the BR Code, or the
// boleto's barcode and linha digitável, derived from the charge (stable: the
// same charge always gets the same codes).
import { boleto } from './boleto.js';
import { brCode } from './pix.js';
import type { ChargeDoc } from '../store/tables.js';

/** The sandbox's PIX key and receiver: no real account. */
export const SANDBOX_PIX = { key: 'pix@sandbox.svc-card.example', merchantName: 'SVC SANDBOX', merchantCity: 'SAO PAULO' };

export function pixFor(charge: ChargeDoc) {
  return { brCode: brCode({ ...SANDBOX_PIX, cents: charge.amount.value, txid: charge._id }), txid: charge._id };
}

export function boletoFor(charge: ChargeDoc, today: string) {
  const dueDate = charge.dueDate && charge.dueDate >= today ? charge.dueDate : today;
  // 25 digits from the charge id (hex): its value modulo 10^25.
  const freeField = (BigInt(`0x${charge._id.replace(/[^0-9a-f]/gi, '') || '0'}`) % 10n ** 25n).toString().padStart(25, '0');
  return { ...boleto({ dueDate, cents: charge.amount.value, freeField }), dueDate };
}
