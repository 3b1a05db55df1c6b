// The description's section on what a merchant reads in a refusal and an
// answer (session 22): where a field item's location points.

export const MERCHANT_ANSWERS_SECTION = `
## Field items: where the field was

A field item's \`location\` says where the named member was sent: \`body\` (the JSON body), \`query\` (the query string), \`headers\` (a header: Idempotency-Key) or \`path\` (a parameter of the URL's path, as productId of GET /sandbox/v1/products/{productId}). Part 7 shows \`body\` only; the others name what part 7 has no word for, so a form that shows \`body\` items beside its inputs never shows a path or query item there.
`;
