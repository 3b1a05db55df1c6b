// Types of security-headers.mjs for the TypeScript tests.
export const CONTENT_SECURITY_POLICY: string;
export const SECURITY_HEADERS: Record<string, string>;
