// Types of post-rate.mjs for the TypeScript tests.
export interface PostRun { url: string; connections: number; bodies: string[] }
export interface PostRate { requests: number; seconds: number; rps: number; p99: number; non2xx: number; errors: number }
export function postRate(runs: PostRun[], options?: { path?: string; headers?: Record<string, string> }): Promise<PostRate>;
