// What README snippets take as given (the page's or the service's own values and helpers),
// so that each block type-checks on its own against the packed package.
/// <reference types="svc-card/svc.js" />
declare const publicKey: string;
declare const holder: string;
declare const number: string;
declare const expMonth: string;
declare const expYear: string;
declare const securityCode: string;
declare function showError(field: string, message: string): void;
declare function showCardEnding(last4: string): void;
declare function pay(encryptedCard: import('svc-card').EncryptedCard): Promise<{ declined: boolean; message: string }>;
