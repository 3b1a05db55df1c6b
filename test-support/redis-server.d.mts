// Types of redis-server.mjs for the TypeScript tests.
export interface RunningRedis {
  port: number;
  url: string;
  stop(): Promise<void>;
  /** Sends `signal` (SIGKILL: no shutdown, no final save) and waits for the exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
}
export interface RedisOptions {
  port?: number;
  /** Replaces the default `--save '' --appendonly no` (no persistence). */
  args?: string[];
}
export function startRedis(options?: RedisOptions): Promise<RunningRedis>;
