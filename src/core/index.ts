// The public API of the core: named re-exports only. Anything not here is internal.
export { encryptCard, SecureContextError } from './encrypt-card.js';
export type { CardError, CardErrorCode, CardField, CardInput, EncryptCardResult, EncryptedCard, ErrorCode } from './types.js';
export { SvcCardError } from '../internal/errors.js';
export type { SvcCardErrorCode } from '../internal/errors.js';
export type { PublicJwk } from './jwk.js';
