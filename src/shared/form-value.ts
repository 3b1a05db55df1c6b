// The element's form value (both modes): the token JSON under its `name`, and with the
// checkout extras (issue 11) a FormData of several entries, `<name>.installments` and
// `<name>.holderDocument` beside `<name>`; ElementInternals.setFormValue takes either.
import type { EncryptedCard } from '../core/index.js';
import type { SvcEncryptedDetail } from './events.js';

/** What goes out with the token besides it: the extras of svc-encrypted's detail. */
export type CheckoutExtras = Pick<SvcEncryptedDetail, 'installments' | 'holderDocument'>;

/**
 * The value for setFormValue. Without a name nothing is submitted, as for any control: the
 * token alone, never entries a FormData would submit under names of their own.
 *
 * @example
 * formValue('card', token, { installments: 3 }); // FormData: card = the token JSON, card.installments = "3"
 */
export function formValue(name: string | null, token: EncryptedCard, extras: CheckoutExtras): string | FormData {
  const json = JSON.stringify(token);
  if (!name || (extras.installments === undefined && extras.holderDocument === undefined)) return json;
  const data = new FormData();
  data.append(name, json);
  if (extras.installments !== undefined) data.append(`${name}.installments`, String(extras.installments));
  if (extras.holderDocument !== undefined) data.append(`${name}.holderDocument`, extras.holderDocument);
  return data;
}
