// Types of cards.mjs for the TypeScript e2e specs.
export interface TypedCard { holder: string; number: string; expMonth: string; expYear: string; securityCode: string }
export interface PaymentProfile { holderName: string; cardNumber: string; cardExpiration: string; cardCvv: string }
export function spaced(digits: string): string;
export const EXP_MONTH: string;
export const EXP_YEAR: string;
export const CARD_EXPIRATION: string;
export const EXPIRY_TYPED: string;
export const EXPIRY_SHOWN: string;
export const PAID_NUMBER: string;
export const DECLINED_NUMBER: string;
export const PAID_CARD: Readonly<TypedCard>;
export const DECLINED_CARD: Readonly<TypedCard>;
export const PAID_PROFILE: Readonly<PaymentProfile>;
export function cardOf(brand: string, status: 'PAID' | 'DECLINED'): Readonly<TypedCard>;
export const ELO_PAID_CARD: Readonly<TypedCard>;
export const HOLDER_CPF: string;
