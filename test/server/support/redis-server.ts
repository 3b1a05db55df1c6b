// The throwaway redis-server of test-support (shared with the load test).
export { startRedis } from '../../../test-support/redis-server.mjs';
export type { RedisOptions, RunningRedis } from '../../../test-support/redis-server.mjs';
