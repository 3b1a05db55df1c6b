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

export function brCode({ key, cents, merchantName, merchantCity, txid }: PixCharge): string {
  const payload = [
    field('00', '01'),
    field('26', field('00', 'br.gov.bcb.pix') + field('01', key)),
    field('52', '0000'),
    field('53', '986'),
    field('54', (cents / 100).toFixed(2)),
    field('58', 'BR'),
    field('59', ascii(merchantName, 25)),
    field('60', ascii(merchantCity, 15)),
    field('62', field('05', txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25))),
  ].join('');
  return `${payload}6304${crc16(`${payload}6304`)}`;
}
