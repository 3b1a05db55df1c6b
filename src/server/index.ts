// The public API of the service side (`svc-card/server`): named re-exports only.
export { createDecryptor } from './create-decryptor.js';
export type { DecryptedCard, Decryptor, DecryptorOptions } from './create-decryptor.js';
export type { PaymentProfile } from './check-payload.js';
export type { KeysOption, PrivateKeyInput } from './private-keys.js';
export { SvcCardError, TOKEN_ERROR_CODES } from '../internal/errors.js';
export type { SvcCardErrorCode, TokenErrorCode } from '../internal/errors.js';
export { TokenError, ReplayStoreError, DecryptorUnavailableError, InvalidOptionError, DecryptorOptionsError } from './errors.js';
export type { ReplayStore } from './replay-store.js';
export { createMemoryReplayStore } from './memory-replay-store.js';
export type { MemoryReplayStoreOptions } from './memory-replay-store.js';
export { createRedisReplayStore } from './redis-replay-store.js';
export type { RedisClientStyle, RedisReplayStoreOptions, RedisSetClient } from './redis-replay-store.js';
export { fromCompactJwe, fromFlattenedJwe, toCompactJwe, toFlattenedJwe } from './jwe.js';
export type { FlattenedJwe } from './jwe.js';
export { generateKeyPair } from './generate-key-pair.js';
export type { GeneratedKeyPair, KeyBits } from './generate-key-pair.js';
export { publicJwks } from './public-jwks.js';
export type { PublicJwks } from './public-jwks.js';
export type { EncryptedCard, PublicJwk } from '../core/index.js';
export { createCardFrameHost, cardFrameCsp, JWKS_PATH } from './card-frame-host.js';
export type { CardFrameHost, CardFrameHostOptions, HostedFile } from './card-frame-host.js';
// The rules the service side shares with the element, one table and one check for the project:
// a card number's brand and a CPF's or CNPJ's check digits (the sandbox, @svc-card/sandbox, applies them).
export { detectBrand } from '../shared/brands.js';
export type { Brand, BrandId } from '../shared/brands.js';
export { isValidCnpj, isValidCpf } from '../internal/tax-id.js';
// The card's field limits and the most installments, which encryptCard and the decryptor check
// and the sandbox's schemas and API description state (one table: internal/card-rules.ts).
export { CARD_NUMBER_MAX_DIGITS, CARD_NUMBER_MIN_DIGITS, CVV_MAX_DIGITS, CVV_MIN_DIGITS, MAX_INSTALLMENTS } from '../internal/card-rules.js';
// The installment plans' monthly rate and CET, computed on the merchant's server and given to <svc-card-form>
// with the plans (issue 39): the element writes them, it does not compute them.
export { planRates, plansWithRates } from '../shared/plan-rates.js';
export type { InstallmentOption, InstallmentPlan } from '../shared/installments.js';
