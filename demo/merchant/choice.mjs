// What the customer chose on the page, checked by the store before anything is forwarded:
// the number of installments must be one of the product's plans (a page can be edited, so
// the browser's word is not enough), and the holder's document, when given, a CPF or CNPJ
// by its check digits, digits only (as the element submits it and reference 2.5 asks).
import { taxIdKind } from './project-rules.mjs';

const absent = (value) => value === undefined || value === null || value === '';

/**
 * `{installments, option, doc?}` for a choice the offer allows, else `{field}` naming
 * what is refused (`installments` or `holderDocument`). No choice means 1x.
 */
export function checkChoice({ installments, holderDocument }, offer) {
  // The form entry is text ("3"), the event detail a number: both are read.
  const count = absent(installments) ? 1 : typeof installments === 'string' && /^\d{1,2}$/.test(installments) ? Number(installments) : installments;
  const option = offer.options.find((candidate) => candidate.installments === count);
  if (!option) return { field: 'installments' };
  if (absent(holderDocument)) return { installments: count, option };
  if (typeof holderDocument !== 'string' || !/^\d+$/.test(holderDocument) || !taxIdKind(holderDocument)) return { field: 'holderDocument' };
  return { installments: count, option, doc: holderDocument };
}
