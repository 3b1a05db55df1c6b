// The element's public API (ESM entry `svc-card/element`): the class and its
// types, without registering the tag (import `svc-card/define` for that).
export { SvcCardForm } from './svc-card-form.js';
export { BRANDS, detectBrand } from './brands.js';
export type { Brand, BrandId } from './brands.js';
export type { Lang, Strings } from './i18n.js';
export type { CheckoutStrings } from './i18n-checkout.js';
export type { InstallmentOption, InstallmentPlan } from './installments.js';
export type { FieldError, FieldErrorReason, FieldName } from './validation.js';
export type { SvcState } from './states.js';
export type {
  SvcBrandDetail, SvcCardFormEventMap, SvcChangeDetail, SvcEncryptedDetail, SvcErrorCode, SvcErrorDetail, SvcFieldDetail, SvcReadyDetail,
} from './events.js';
