// The public API of the service side (`svc-card/server`): named re-exports only.
export { createDecryptor } from './create-decryptor.js';
export type { DecryptedCard, Decryptor, DecryptorOptions } from './create-decryptor.js';
export type { PaymentProfile } from './check-payload.js';
export type { KeysOption, PrivateKeyInput } from './private-keys.js';
export { TokenError, ReplayStoreError, DecryptorOptionsError } from './errors.js';
export type { TokenErrorCode } from './errors.js';
export type { ReplayStore } from './replay-store.js';
export { createMemoryReplayStore } from './memory-replay-store.js';
export type { MemoryReplayStoreOptions } from './memory-replay-store.js';
export { createRedisReplayStore } from './redis-replay-store.js';
export type { RedisClientStyle, RedisReplayStoreOptions, RedisSetClient } from './redis-replay-store.js';
export { fromCompactJwe, fromFlattenedJwe, toCompactJwe, toFlattenedJwe } from './jwe.js';
export type { FlattenedJwe } from './jwe.js';
export { generateKeyPair } from './generate-key-pair.js';
export type { GeneratedKeyPair, KeyBits } from './generate-key-pair.js';
export type { EncryptedCard } from '../core/types.js';
