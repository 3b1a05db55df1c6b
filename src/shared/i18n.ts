// Every text the element shows or announces, in pt-BR (default) and en.
// Placeholders in braces are filled in: {brand}, {digits}, {count}.
import { checkoutEn, checkoutPtBR, type CheckoutStrings } from './i18n-checkout.js';

/** The texts of the element. Override any of them with the `strings` property. */
export interface Strings extends CheckoutStrings {
  group: string;
  holderLabel: string;
  numberLabel: string;
  expiryLabel: string;
  /** The expiry's placeholder (the number's and the code's are digits: `1234 1234 1234 1234`, `123`). */
  expiryPlaceholder: string;
  /** The security code's label: CVV, as shoppers say it, whatever the brand calls it (CID, CVE, CVC). */
  codeLabel: string;
  /** Hint under the code field, where it is printed; `{digits}` is its length for the brand (3 before one is known). */
  codeHint: string;
  /** The hint for American Express, which prints its code on the front. */
  codeHintFront: string;
  holderRequired: string;
  numberRequired: string;
  numberIncomplete: string;
  numberInvalid: string;
  brandNotAccepted: string;
  expiryRequired: string;
  expiryInvalid: string;
  expiryPast: string;
  expiryTooFar: string;
  codeRequired: string;
  codeLength: string;
  brandDetected: string;
  busy: string;
  encrypted: string;
  fixErrors: string;
  encryptFailed: string;
  insecurePage: string;
}

/** A language the element ships texts for. */
export type Lang = 'pt-BR' | 'en';

const ptBR: Strings = {
  group: 'Dados do cartão',
  holderLabel: 'Nome impresso no cartão',
  numberLabel: 'Número do cartão',
  expiryLabel: 'Validade (MM/AA)',
  expiryPlaceholder: 'MM/AA',
  codeLabel: 'CVV',
  codeHint: '{digits} dígitos no verso do cartão',
  codeHintFront: '4 dígitos na frente do cartão',
  holderRequired: 'Informe o nome como está no cartão.',
  numberRequired: 'Informe o número do cartão.',
  numberIncomplete: 'O número do cartão está incompleto.',
  numberInvalid: 'O número do cartão não é válido. Confira os dígitos.',
  brandNotAccepted: 'Cartões {brand} não são aceitos aqui.',
  expiryRequired: 'Informe a validade do cartão.',
  expiryInvalid: 'Use o formato MM/AA, com mês de 01 a 12.',
  expiryPast: 'Este cartão está vencido.',
  expiryTooFar: 'Confira o ano da validade.',
  codeRequired: 'Informe o código de segurança.',
  codeLength: 'O código de segurança tem {digits} dígitos.',
  brandDetected: 'Bandeira: {brand}.',
  busy: 'Protegendo os dados do cartão…',
  encrypted: 'Dados do cartão protegidos.',
  fixErrors: 'Corrija os campos indicados: {count}.',
  encryptFailed: 'Não foi possível proteger os dados do cartão. Tente novamente.',
  insecurePage: 'Esta página não é segura (HTTPS): o cartão não pode ser enviado.',
  ...checkoutPtBR,
};

const en: Strings = {
  group: 'Card details',
  holderLabel: 'Name on card',
  numberLabel: 'Card number',
  expiryLabel: 'Expiry date (MM/YY)',
  expiryPlaceholder: 'MM/YY',
  codeLabel: 'Security code (CVV)',
  codeHint: '{digits} digits on the back of the card',
  codeHintFront: '4 digits on the front of the card',
  holderRequired: 'Enter the name as it appears on the card.',
  numberRequired: 'Enter the card number.',
  numberIncomplete: 'The card number is incomplete.',
  numberInvalid: 'The card number is not valid. Check the digits.',
  brandNotAccepted: '{brand} cards are not accepted here.',
  expiryRequired: 'Enter the expiry date.',
  expiryInvalid: 'Use MM/YY, with a month from 01 to 12.',
  expiryPast: 'This card has expired.',
  expiryTooFar: 'Check the expiry year.',
  codeRequired: 'Enter the security code.',
  codeLength: 'The security code has {digits} digits.',
  brandDetected: 'Card brand: {brand}.',
  busy: 'Protecting your card details…',
  encrypted: 'Card details protected.',
  fixErrors: 'Fix the highlighted fields: {count}.',
  encryptFailed: 'The card details could not be protected. Please try again.',
  insecurePage: 'This page is not secure (HTTPS): the card cannot be sent.',
  ...checkoutEn,
};

/** The built-in texts of a language tag: `en`, `en-US`... give English, anything else pt-BR. */
export const stringsFor = (lang: string | null | undefined): Strings =>
  /^en(-|$)/i.test(lang ?? '') ? en : ptBR;

/**
 * Fills `{name}` placeholders.
 *
 * @example
 * fill('{digits} dígitos no verso do cartão', { digits: 3 }); // '3 dígitos no verso do cartão'
 */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (match, key: string) => `${values[key] ?? match}`);
