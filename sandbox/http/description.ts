// The description's introduction: where the reference says "not shown", what
// the sandbox chose. Each rule is stated once, here (README points to it).
export const DESCRIPTION = `
Local sandbox of the payments API reference (parts 2 to 8). Code written against it should work against the sandbox address of the service unchanged.

Choices where the reference says "not shown":

- Success statuses: 201 for POST /v1/product (as 4.2 says), 200 for every other success.
- Not found: 404 with code \`not_found\` in the part-7 body.
- Body problems (wrong Content-Type, bodies over 64 KiB, invalid JSON) are 400 SchemaValidationException with a message naming the problem; \`application/json-seq\` and every other type than \`application/json\` is refused.
- Unknown body fields are ignored.
- Slow clients: the request (headers and body) must arrive within 10 seconds, or the connection is answered 408 and closed.
- Token refusals are 400 with the decryptor's code (TOKEN_EXPIRED, TOKEN_REUSED, ...) and a field item on \`token\`; a replay store that is down is 503 REPLAY_STORE_UNAVAILABLE (fail closed).
- Credentials: sandbox apiKey ids start with \`sbx_\`; a production-shaped apiKey, or a JWT not issued by the sandbox, is 401 "not a sandbox credential". When both headers are sent, apiKey decides.
- Company scope: \`companyId\` / \`companyIds\` of the body and the query, a list or comma-separated; each must be one of the credential's companies (403).
- POST /v1/charge/pay: the captcha stub accepts \`captchaToken\` "sandbox-captcha-ok" only (401 otherwise).
- Installments: 1 to 12.
- Test cards: 4111111111111111, 5555555555554444, 378282246310005 are PAID; 4000000000000002, 4000000000009995, 5105105105105100 DECLINED; any other number, or an expiration before the current month, DECLINED.
- POST /v1/transaction with \`capture: false\` answers AUTHORIZED.
`.trim();
