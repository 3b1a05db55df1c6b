// The card rules of API reference 4.9 and TOKEN-FORMAT.md step 1, written once for the project:
// encryptCard checks them on the page, the decryptor in the token's plaintext, and the sandbox
// (@svc-card/sandbox, through svc-card/server) in an open paymentProfile and its API description.
// Plain numbers, so the page's bundles inline them. No Node, no DOM: it ships to browsers.

/** The fewest digits of a card number, white space removed. */
export const CARD_NUMBER_MIN_DIGITS = 13;
/** The most digits of a card number, white space removed. */
export const CARD_NUMBER_MAX_DIGITS = 19;
/** The fewest digits of a security code (CVV). */
export const CVV_MIN_DIGITS = 3;
/** The most digits of a security code (CVV, 4 on American Express). */
export const CVV_MAX_DIGITS = 4;
/** The most installments a payment may have (API reference part 8 sets none; acquirers in Brazil stop at 12). */
export const MAX_INSTALLMENTS = 12;
