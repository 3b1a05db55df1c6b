// Types of outcomes.mjs for the tests that call it (test/http/demo-declines.test.ts).
export function failedOutcome(transaction: { status: string; message?: string }, lang: 'pt-BR' | 'en'): { http: number; outcome: 'declined'; field: 'number' | 'expiry'; message: string };
