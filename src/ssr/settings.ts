// The element's settings read from the attributes of a server render, as the elements read them
// (shared/attributes.ts): one reading for the inline render (index.ts) and frame mode's (frame.ts).
import type { FrameSettings } from '../frame/config.js';
import { jsonAttribute, listAttribute } from '../shared/attributes.js';
import { attributeOf, type Setting } from '../shared/surface.js';

/** Each setting of the surface (shared/surface.ts) from `attributes`; `lang` as given (index.ts writes it always). */
export function settingsOf(attributes: Map<string, string>): Pick<FrameSettings, Setting> {
  const read = (setting: Setting) => attributes.get(attributeOf(setting)) ?? null;
  return {
    keyId: read('keyId') ?? '',
    lang: read('lang') ?? '',
    acceptedBrands: listAttribute(read('acceptedBrands')),
    disabled: read('disabled') !== null,
    installments: jsonAttribute(read('installments')),
    amount: Number(read('amount') ?? 0),
    holderDocument: read('holderDocument') !== null,
  };
}
