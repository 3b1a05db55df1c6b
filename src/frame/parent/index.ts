// Frame mode's public API (ESM entry `svc-card/frame`): the class and the element's types,
// without registering the tag (import `svc-card/frame/define` for that). No Lit, no WebCrypto:
// the card is typed and encrypted in the card frame, served by the payment service.
export { SvcCardFormFrame } from './svc-card-form-frame.js';
export type { BrandId } from '../../shared/brands.js';
export type { Lang, Strings } from '../../shared/i18n.js';
export type { FieldError, FieldErrorReason, FieldName } from '../../element/validation.js';
export type { SvcState } from '../../shared/states.js';
export type {
  SvcBrandDetail, SvcCardFormEventMap, SvcChangeDetail, SvcEncryptedDetail, SvcErrorCode, SvcErrorDetail, SvcFieldDetail, SvcReadyDetail,
} from '../../shared/events.js';

