// Types of demo-keys.mjs.
export function testKeysDir(): string;
