// The test cards of every suite (unit and e2e), read from the sandbox's own
// table (packages/sandbox/payment/test-cards.json): as a customer types them,
// as digits, and as the decrypted paymentProfile, with an expiry that is always
// in the future (this year + 3): a fixed year would make the element flag the
// card expired and the sandbox decline it. Plain JS so the TypeScript tests
// and the plain-Node WebKit runner both use it.
import { readFileSync } from 'node:fs';

const TEST_CARDS = JSON.parse(readFileSync(new URL('../packages/sandbox/payment/test-cards.json', import.meta.url), 'utf8'));

const numberOf = (message, brand) => {
  const card = TEST_CARDS.find((c) => c.message === message && c.brand === brand);
  if (!card) throw new Error(`no sandbox test card "${message}" (${brand})`);
  return card.number;
};

/** Groups of four, as the form shows a 16-digit number. */
export const spaced = (digits) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

export const EXP_MONTH = '03';
export const EXP_YEAR = String(new Date().getUTCFullYear() + 3);
/** MM/YYYY, the paymentProfile's cardExpiration. */
export const CARD_EXPIRATION = `${EXP_MONTH}/${EXP_YEAR}`;
/** MMYY as typed into the demo form's single expiry input. */
export const EXPIRY_TYPED = `${EXP_MONTH}${EXP_YEAR.slice(2)}`;
/** MM/YY as the demo form's expiry input shows it. */
export const EXPIRY_SHOWN = `${EXP_MONTH}/${EXP_YEAR.slice(2)}`;

export const PAID_NUMBER = numberOf('Approved', 'visa');
export const DECLINED_NUMBER = numberOf('Declined by the issuer', 'visa');
/** PAID_NUMBER with its last digit one more: the right length, a failing Luhn check digit. */
export const LUHN_FAILING_NUMBER = `${PAID_NUMBER.slice(0, -1)}${(Number(PAID_NUMBER.at(-1)) + 1) % 10}`;
/** What a transaction's card shows of PAID_NUMBER. */
export const PAID_BIN = PAID_NUMBER.slice(0, 6);
export const PAID_LAST4 = PAID_NUMBER.slice(-4);

export const PAID_CARD = Object.freeze({ holder: 'MARIA DA SILVA', number: spaced(PAID_NUMBER), expMonth: EXP_MONTH, expYear: EXP_YEAR, securityCode: '123' });
export const DECLINED_CARD = Object.freeze({ ...PAID_CARD, number: spaced(DECLINED_NUMBER) });
/** PAID_CARD and DECLINED_CARD with the number as digits only, as a merchant's code hands it to encryptCard. */
export const PAID_CARD_DIGITS = Object.freeze({ ...PAID_CARD, number: PAID_NUMBER });
export const DECLINED_CARD_DIGITS = Object.freeze({ ...PAID_CARD, number: DECLINED_NUMBER });

/** PAID_CARD as the decrypted (or open) paymentProfile. */
export const PAID_PROFILE = Object.freeze({ holderName: PAID_CARD.holder, cardNumber: PAID_NUMBER, cardExpiration: CARD_EXPIRATION, cardCvv: PAID_CARD.securityCode });

/** The test card whose entry in the sandbox's table has every one of `fields`, as digits. */
function numberWhere(fields) {
  const card = TEST_CARDS.find((c) => Object.entries(fields).every(([key, value]) => c[key] === value));
  if (!card) throw new Error(`no sandbox test card with ${JSON.stringify(fields)}`);
  return card.number;
}
const profileWith = (fields) => Object.freeze({ ...PAID_PROFILE, cardNumber: numberWhere(fields) });

/** PAID_PROFILE with the number of the card that plays each outcome of the sandbox's table. */
export const DECLINED_PROFILE = Object.freeze({ ...PAID_PROFILE, cardNumber: DECLINED_NUMBER });
export const NETWORK_A_PROFILE = profileWith({ alert: 'NETWORK_A' });
export const NETWORK_B_PROFILE = profileWith({ alert: 'NETWORK_B' });
export const REVIEW_PROFILE = profileWith({ status: 'IN_ANALYSIS' });
export const CHALLENGE_PROFILE = profileWith({ threeDS: 'challenge' });
export const FAILS_CHALLENGE_PROFILE = profileWith({ threeDS: 'challenge_fails' });
export const FRICTIONLESS_PROFILE = profileWith({ threeDS: 'frictionless' });
export const ERROR_PROFILE = profileWith({ status: 'ERROR_PAYMENT' });
export const INVALID_PROFILE = profileWith({ status: 'INVALID_PAYMENT' });
export const BLOCKED_PROFILE = profileWith({ status: 'BLOCKED' });
export const MASTERCARD_PROFILE = profileWith({ brand: 'mastercard', status: 'PAID' });
export const ELO_PROFILE = profileWith({ brand: 'elo', status: 'PAID' });

/** The first test card of `brand` (an element brand id) with `status` (PAID or DECLINED), as typed. */
export function cardOf(brand, status) {
  const card = TEST_CARDS.find((c) => c.brand === brand && c.status === status && !c.alert);
  if (!card) throw new Error(`no sandbox test card ${brand} ${status}`);
  return Object.freeze({ ...PAID_CARD, number: spaced(card.number) });
}

/** The paid Elo card (issue 11's journey). */
export const ELO_PAID_CARD = cardOf('elo', 'PAID');

/** A CPF with valid check digits (the usual published example), digits only, for the holder's document. */
export const HOLDER_CPF = '52998224725';
