// The description's section on Idempotency-Key (http/idempotency.ts): its
// numbers come from the code that runs them.
import { ABANDONED_AFTER_MS, DEFAULT_WAIT_MS, KEY_LIFETIME_MS } from '../idempotency.js';
import { IDEMPOTENCY_HEADER, MAX_KEY_LENGTH, REPLAYED_HEADER } from '../idempotency-schema.js';

export const IDEMPOTENCY_SECTION = `
## Idempotency: retrying a POST or PUT safely

The reference has no idempotency key; the sandbox takes one as Stripe does. Send \`${IDEMPOTENCY_HEADER}: <any text of 1 to ${MAX_KEY_LENGTH} characters>\` (a UUID is a good key) on any POST or PUT that takes a credential or the captcha; it is optional, and ignored on GET. A request without it runs every time it is sent.

- **The same request again** (the same key, method, path and body) is not run again: it answers the first answer's status, body and Content-Type (and Cache-Control) again, with the header \`${REPLAYED_HEADER}: true\`. A payment retried after a timeout is paid once, a declined one is the same decline (no second attempt), and a card token sent again with its key is not TOKEN_REUSED. The body counts as JSON: its SHA-256 is taken over the canonical form of the body as sent (members sorted by name at every depth, no whitespace), so member order and spacing do not matter; every value and every member sent does (a token encrypted again is another body). Defaults are not filled in first: a body without \`installments\` and one with \`installments: 1\` are different requests.
- **Another request under a key** (another body, path or method) is refused: 422 with code \`idempotency_key_reused\` and a field item on \`${IDEMPOTENCY_HEADER}\` (location \`headers\`), as the IETF draft on the Idempotency-Key header says (Stripe answers 400 idempotency_error). Nothing runs.
- **Whose keys.** Keys belong to a credential: its key id, which the sandbox's JWT names as its subject, so an apiKey and a token of one credential share keys, and two credentials never see each other's. POST /v1/charge/pay has no credential: its keys belong to the body's companyId.
- **At the same time.** Requests with one key run once: the first takes the key (a unique row in the database decides, on PGlite and on PostgreSQL with several connections or several sandboxes on one database); the others wait for its answer and get it replayed. A wait is bounded: after ${DEFAULT_WAIT_MS / 1000} seconds with the first still running, 409 \`idempotency_key_in_use\`; retry later with the same key. A key taken by a process that died without answering is taken over after ${ABANDONED_AFTER_MS / 60_000} minutes (a sandbox on PGlite frees them when it starts).
- **Which answers are kept.** Every answer the route itself gives below 500 (2xx, and its own 400 and 404, e.g. "the charge is already paid"). Not kept, and the key is free again at once: refusals made before the route runs (401, 403, a body or a key the schema refuses: fix it and send again with the same key) and every 5xx (a dependency that was down, such as 503 DECRYPTOR_UNAVAILABLE, is not answered again for a day; the retry runs).
- **For how long.** ${KEY_LIFETIME_MS / 3_600_000} hours from the first request, on the sandbox's real clock (the company's test clock does not age keys); after that the key is new again.
- **A bad key:** an empty \`${IDEMPOTENCY_HEADER}\`, or one over ${MAX_KEY_LENGTH} characters, is 400 SchemaValidationException with a field item on \`${IDEMPOTENCY_HEADER}\` (location \`headers\`).
`;
