// Stand-ins for the element modules of issue 11's checkout extras (installments, the holder's
// CPF/CNPJ, their texts) when scripts/size/feature-costs.mjs measures what they cost in a
// script. Inert, typed as the modules they replace. Never shipped.
import { nothing } from 'lit/html.js';
import type { checkoutEn as CheckoutEn } from '../../src/shared/i18n-checkout.js';
import type { checkDocument as CheckDocument, renderDocument as RenderDocument } from '../../src/element/holder-document-field.js';
import type { createInstallments as CreateInstallments } from '../../src/element/installments-field.js';
import type { formatTaxIdEdit as FormatTaxIdEdit, maskTaxId as MaskTaxId } from '../../src/element/tax-id-format.js';

export const createInstallments: typeof CreateInstallments = () => ({ set: () => '', value: () => 0, option: () => undefined, choose: () => {}, render: () => nothing });
export const checkDocument: typeof CheckDocument = () => ({ status: 'valid' });
export const renderDocument: typeof RenderDocument = () => nothing;
export const maskTaxId: typeof MaskTaxId = (digits) => digits;
export const formatTaxIdEdit: typeof FormatTaxIdEdit = (digits, caret) => ({ digits, text: digits, caret });
export const checkoutPtBR = {} as typeof CheckoutEn;
export const checkoutEn = checkoutPtBR;
