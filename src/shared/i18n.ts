// Every text the element shows or announces, in pt-BR (default) and en.
// Placeholders in braces are filled in: {brand}, {digits}, {count}.
// Field messages are short (issue 27): one line is kept under each field, and the built-in texts
// fit it at 320 px (expiry and code side by side), measured by e2e/element/compact-layout.spec.ts.
import { checkoutEn, checkoutPtBR, type CheckoutStrings } from './i18n-checkout.js';
import { isEnglish } from './lang.js';

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
  /** Hint under the code field, where it is printed (one line at 320 px); `{digits}` is its length for the brand (3 before one is known). */
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
  expiryLabel: 'Validade',
  expiryPlaceholder: 'MM/AA',
  codeLabel: 'CVV',
  codeHint: 'No verso',
  codeHintFront: 'Na frente',
  holderRequired: 'Informe o nome como no cartão.',
  numberRequired: 'Informe o número do cartão.',
  numberIncomplete: 'Número incompleto.',
  numberInvalid: 'Confira o número do cartão.',
  brandNotAccepted: 'Não aceitamos {brand}.',
  expiryRequired: 'Informe a data.',
  expiryInvalid: 'Use MM/AA.',
  expiryPast: 'Cartão vencido.',
  expiryTooFar: 'Confira o ano.',
  codeRequired: 'Informe o CVV.',
  codeLength: 'Use {digits} dígitos.',
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
  expiryLabel: 'Expiry date',
  expiryPlaceholder: 'MM/YY',
  codeLabel: 'CVV',
  codeHint: 'On the back',
  codeHintFront: 'On the front',
  holderRequired: 'Enter the name on the card.',
  numberRequired: 'Enter the card number.',
  numberIncomplete: 'Incomplete card number.',
  numberInvalid: 'Check the card number.',
  brandNotAccepted: '{brand} is not accepted.',
  expiryRequired: 'Enter expiry.',
  expiryInvalid: 'Use MM/YY.',
  expiryPast: 'Card expired.',
  expiryTooFar: 'Check the year.',
  codeRequired: 'Enter the CVV.',
  codeLength: 'Use {digits} digits.',
  brandDetected: 'Card brand: {brand}.',
  busy: 'Protecting your card details…',
  encrypted: 'Card details protected.',
  fixErrors: 'Fix the highlighted fields: {count}.',
  encryptFailed: 'The card details could not be protected. Please try again.',
  insecurePage: 'This page is not secure (HTTPS): the card cannot be sent.',
  ...checkoutEn,
};

/** The built-in texts of a language tag: `en`, `en-US`... give English, anything else pt-BR. */
export const stringsFor = (lang: string | null | undefined): Strings => (isEnglish(lang) ? en : ptBR);

/**
 * Fills `{name}` placeholders.
 *
 * @example
 * fill('{digits} dígitos no verso do cartão', { digits: 3 }); // '3 dígitos no verso do cartão'
 */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (match, key: string) => `${values[key] ?? match}`);
