// The element's events: all bubble and are composed (they cross shadow roots).
// None ever carries the card number, the code, the expiry or the holder name.
import type { CardError, EncryptedCard } from '../core/index.js';
import type { BrandId } from './brands.js';
import type { InstallmentOption } from './installments.js';
import type { FieldError } from '../element/validation.js';
import type { FieldName } from './fields.js';

/** `svc-change`: after every edit and blur. */
export interface SvcChangeDetail {
  /** Every field is valid: submit or `encrypt()` will encrypt. */
  complete: boolean;
  brand: BrandId | 'unknown';
  /** The errors currently shown (after blur or submit), in field order. */
  errors: FieldError[];
  /**
   * The installment plan chosen (for the detected brand), in integer cents: what the page's order
   * total and Pay button say ("Pagar 12x de R$ 12,10", total `totalCents`). Absent without plans.
   */
  plan?: InstallmentOption;
}

/** `svc-brand`: the detected brand changed. */
export interface SvcBrandDetail {
  brand: BrandId | 'unknown';
  /** Display name, empty while unknown. */
  name: string;
}

/** `svc-encrypted`: the card was encrypted; forward `encryptedCard` as `token` (API reference 2.7). */
export interface SvcEncryptedDetail {
  encryptedCard: EncryptedCard;
  brand: BrandId | 'unknown';
  /** The last four digits, for the merchant's receipt. */
  last4: string;
  /** The chosen number of installments; only when `installments` plans are given (a plan applies). */
  installments?: number;
  /** The holder's CPF (11) or CNPJ (14 digits), digits only; only with `holder-document`. Not encrypted. */
  holderDocument?: string;
}

/** Why `svc-error` fired. */
export type SvcErrorCode = 'INVALID_CARD' | 'INVALID_PUBLIC_KEY' | 'SECURE_CONTEXT_REQUIRED' | 'ENCRYPTION_FAILED'
  /** `installments` or `amount` cannot make the plans: the message names the member; no control is shown. */
  | 'INVALID_INSTALLMENTS'
  /** Frame mode: the card frame did not load or answer (frame-src, frame-ancestors, network). */
  | 'FRAME_UNAVAILABLE';

/** `svc-error`: nothing was encrypted. */
export interface SvcErrorDetail {
  code: SvcErrorCode;
  /** The failing fields, as the core names them (empty for environment failures). */
  errors: CardError[];
  message: string;
}

/** `svc-ready`: the fields are rendered and can be typed in. */
export type SvcReadyDetail = Record<never, never>;

/** `svc-focus` and `svc-blur`: a field got or lost focus. */
export interface SvcFieldDetail {
  field: FieldName;
}

/**
 * Every event of `<svc-card-form>` by name: the one list the DOM, React, Vue and Svelte
 * typings are built from (the tag's files add it to `GlobalEventHandlersEventMap`).
 */
export interface SvcCardFormEventMap {
  'svc-ready': CustomEvent<SvcReadyDetail>;
  'svc-change': CustomEvent<SvcChangeDetail>;
  'svc-brand': CustomEvent<SvcBrandDetail>;
  'svc-encrypted': CustomEvent<SvcEncryptedDetail>;
  'svc-error': CustomEvent<SvcErrorDetail>;
  'svc-focus': CustomEvent<SvcFieldDetail>;
  'svc-blur': CustomEvent<SvcFieldDetail>;
}

/** Dispatches one of the element's events from `target`. */
export function emit<K extends keyof SvcCardFormEventMap>(target: HTMLElement, type: K, detail: SvcCardFormEventMap[K]['detail']): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}
