// The description's section on 3-D Secure (issue 23, PENDING_3DS); the cards come from test-cards.json.
import { CHALLENGE_MINUTES, CHALLENGE_PATH } from '../../payment/challenge.js';
import { TEST_CARDS } from '../../payment/test-cards.js';
import { rowRef } from '../../base/clock-rows.js';

const MEANING = { challenge: 'a challenge; completing it pays', challenge_fails: 'a challenge that fails whatever the shopper does: DECLINED', frictionless: 'frictionless: PAID at once, threeDS {flow: frictionless, result: AUTHENTICATED}' } as const;
const rows = TEST_CARDS.filter((card) => card.threeDS).map((card) => `| ${card.number} | ${card.brand} | ${MEANING[card.threeDS!]} |`).join('\n');

export const THREE_DS_SECTION = `
## 3-D Secure (PENDING_3DS)

A card whose issuer asks for 3-D Secure, paid with the shopper present (POST /v1/transaction, POST /v1/charge/pay, the first payment of POST /v1/subscription by card), answers **PENDING_3DS** with \`nextAction\` {type: THREE_DS_CHALLENGE, url, expiresAt} and \`threeDS\` {flow: challenge, result: PENDING}. The url is a page of the sandbox (the service's origin, ${CHALLENGE_PATH}/<reference>; \`?lang=en\` for English, pt-BR by default) whose last segment is a one-time reference of 256 random bits (only its SHA-256 is stored). Show it to the shopper in a frame (\`handleNextAction\` of svc-card/next-action, README "Handling next actions") or a window. The page has no inline script (CSP \`script-src 'self'\`, Trusted Types), two buttons (each a form posting to <url>/complete or <url>/fail), and tells the page that frames it the outcome by postMessage ({type: 'svc-3ds', status}: nothing else; Escape sends status CANCELED, which ends nothing).

| card | brand | 3-D Secure |
|---|---|---|
${rows}

- **The provider is asked when the payment is made**; its answer (approved, declined, no route) is held with the challenge, without card data. No route: NO_PAYMENT_ROUTE at once, no challenge.
- **Completed** (POST <url>/complete): the transaction becomes the held answer (PAID, or AUTHORIZED with capture false; the acquirer and routing recorded then), \`threeDS.result\` AUTHENTICATED, \`nextAction\` removed. **Failed** (POST <url>/fail, or the card that always fails): DECLINED "3-D Secure authentication failed", result FAILED.
- **Expiry**: a challenge unanswered ${CHALLENGE_MINUTES} minutes on the company's test clock ends EXPIRED: DECLINED "3-D Secure challenge expired unanswered", stamped at its expiresAt. It ends when its page is opened or posted after that time, or when the clock is moved past it (POST /sandbox/v1/clock/advance, move ${rowRef('challengeExpired')}).
- **One time**: once ended, the reference ends nothing more; its page shows the outcome. An unknown reference is 404.
- **Events**: transaction.created (PENDING_3DS) when the payment is made; transaction.updated (the transaction as written) when the challenge ends; for a charge, then charge.paid or charge.payment_failed (the charge as written).
- **A charge** stays as it was (payable) while its transaction is PENDING_3DS; when the challenge ends it moves as a card payment moves it (PAID, or attempts + 1 on a decline). Meanwhile it can be paid another way (PIX, boleto, another card); a challenge completed after the charge was paid or closed is voided, never a second payment of one charge: the provider gives the approval back and the transaction is CANCELED (\`held_voided\`, "Voided: charge <id> was PAID before this payment was approved"), without payables, the charge left as it is (a PROCESSING payment approved by the test clock's ${rowRef('processingSettled')}, and a payment held for fraud review then approved, the same).
- **POST /v1/subscription**: the answer is the subscription PENDING_PAYMENT, its first charge ACTIVE, and \`transaction\` PENDING_3DS with the same \`nextAction\` as POST /v1/transaction. When the challenge ends the first payment finishes as it would have at once: completed, the charge PAID and the subscription ACTIVE with the card kept for renewals (charge.paid, subscription.updated); failed or expired, the charge ERROR_PAYMENT (attempts 1) and the subscription ERROR_PAYMENT (charge.payment_failed, subscription.updated), CARD_ATTEMPTS applying (${rowRef('cardAttemptsSpent')}), as a declined first payment. Meanwhile the charge can be paid by POST /v1/charge/pay; a challenge completed after that is voided (see "A charge" above).
- **Not challenged**: the test clock's renewals and retries (the shopper is absent: merchant-initiated); those cards then pay as their issuer answers.
`.trim();
