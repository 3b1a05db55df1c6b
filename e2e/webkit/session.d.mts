import type { WebDriver } from 'selenium-webdriver';
export class TimeoutError extends Error {}
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T>;
export function startWebKit(options?: { startupMs?: number; capabilities?: Record<string, unknown>; env?: Record<string, string> }): Promise<{ driver: WebDriver; stop(): Promise<void> }>;
