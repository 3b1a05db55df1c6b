// The element's public API (ESM entry `svc-card/element`): the class and its
// types, without registering the tag (import `svc-card/define` for that).
export { SvcCardForm } from './svc-card-form.js';
export { BRANDS, detectBrand } from '../shared/brands.js';
export type { Brand, BrandId } from '../shared/brands.js';
export type { Lang, Strings } from '../shared/i18n.js';
export type { CheckoutStrings } from '../shared/i18n-checkout.js';
export type { InstallmentOption, InstallmentPlan } from '../shared/installments.js';
export type { FieldError, FieldErrorReason, FieldName } from './validation.js';
export type { SvcState } from '../shared/states.js';
export type {
  SvcBrandDetail, SvcCardFormEventMap, SvcChangeDetail, SvcEncryptedDetail, SvcErrorCode, SvcErrorDetail, SvcFieldDetail, SvcReadyDetail,
} from '../shared/events.js';
