// Types of store-customer.mjs for the TypeScript tests.
export const STORE_CUSTOMER: { doc: string; email: string };
