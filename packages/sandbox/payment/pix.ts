// The PIX "copia e cola" string (BR Code): EMV QR Code Merchant Presented
// Mode as the Banco Central's manual lays it out, ending in CRC16-CCITT-FALSE
// (polynomial 0x1021, initial 0xFFFF) over everything before it, "6304" included.

/** CRC-16/CCITT-FALSE, four uppercase hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
/** EMV text fields are ASCII: accents dropped, then cut to `max`. */
const ascii = (text: string, max: number) => text.normalize('NFD').replace(/[^\x20-\x7e]/g, '').slice(0, max);

export interface PixCharge { key: string; cents: number; merchantName: string; merchantCity: string; txid: string }
/** A dynamic PIX (a cobrança of the Banco Central's PIX API): the amount and key live in the payload its location serves. */
export interface PixDynamic { location: string; merchantName: string; merchantCity: string }

/** A static BR Code: the key and the amount in the code (field 26-01, field 54), the txid in 62-05. */
export function brCode({ key, cents, merchantName, merchantCity, txid }: PixCharge): string {
  return assemble(field('26', field('00', 'br.gov.bcb.pix') + field('01', key)), field('54', (cents / 100).toFixed(2)),
    { merchantName, merchantCity }, txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25));
}

/**
 * A dynamic BR Code (Manual de Padrões para Iniciação do Pix): field 01 "12" (used once), the
 * payload's location in 26-25 (without "https://", at most 77 characters), no key and no amount
 * (the payload carries both), 62-05 "***" (the txid is in the payload).
 */
export function dynamicBrCode({ location, merchantName, merchantCity }: PixDynamic): string {
  if (location.length > 77 || /^https?:\/\//.test(location)) throw new RangeError(`location must be a URL without its scheme, at most 77 characters; got ${location.length}: ${location}`);
  return assemble(field('01', '12') + field('26', field('00', 'br.gov.bcb.pix') + field('25', location)), '', { merchantName, merchantCity }, '***');
}

/**
 * A PIX Automático BR Code (Manual de Padrões para Iniciação do Pix, the recurrence's
 * template): the recorrência's location in 80-25 (GUI br.gov.bcb.pix in 80-00). Alone
 * (journey 2) field 26 holds the GUI only; with a cob (journeys 3 and 4) 26-25 holds the
 * first charge's payload location and 01 is "12", as a charge's dynamic BR Code.
 */
export function recurrenceBrCode({ recurrenceLocation, cobLocation, merchantName, merchantCity }: { recurrenceLocation: string; cobLocation?: string } & Omit<PixDynamic, 'location'>): string {
  for (const location of [recurrenceLocation, cobLocation]) {
    if (location !== undefined && (location.length > 77 || /^https?:\/\//.test(location))) throw new RangeError(`location must be a URL without its scheme, at most 77 characters; got ${location.length}: ${location}`);
  }
  const account = field('26', field('00', 'br.gov.bcb.pix') + (cobLocation ? field('25', cobLocation) : ''));
  const recurrence = field('80', field('00', 'br.gov.bcb.pix') + field('25', recurrenceLocation));
  return assemble((cobLocation ? field('01', '12') : '') + account, '', { merchantName, merchantCity }, '***', recurrence);
}

function assemble(account: string, amount: string, { merchantName, merchantCity }: { merchantName: string; merchantCity: string }, reference: string, unreserved = ''): string {
  const payload = [
    field('00', '01'),
    account,
    field('52', '0000'),
    field('53', '986'),
    amount,
    field('58', 'BR'),
    field('59', ascii(merchantName, 25)),
    field('60', ascii(merchantCity, 15)),
    field('62', field('05', reference)),
    unreserved,
  ].join('');
  return `${payload}6304${crc16(`${payload}6304`)}`;
}
