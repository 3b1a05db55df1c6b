// Types of security-headers.mjs for the TypeScript tests.
export const CONTENT_SECURITY_POLICY: string;
export const SECURITY_HEADERS: Record<string, string>;
export function checkoutHeaders(origins?: { frameOrigin?: string; serviceOrigin?: string }): Record<string, string>;
export function frameModeHeaders(frameOrigin: string): Record<string, string>;
