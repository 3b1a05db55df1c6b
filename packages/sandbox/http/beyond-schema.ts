// What an operation refuses that its JSON Schema cannot say: an id that must
// exist, a product's offer, a record's state, a check digit, the decryptor's
// judgement of a token, rules across a list (split percentages adding to 100).
// Written once, into the operation's description, as one line the fuzz suite
// reads (test/sandbox/fuzz.test.ts: a request the schema allows is refused only
// on a member listed here).

/** `{ member: 'why' }` -> "\n\nRefused beyond the schema (400): `member` why; …". Array items are written `list[]`. */
export const beyondSchema = (rules: Record<string, string>): string =>
  `\n\nRefused beyond the schema (400): ${Object.entries(rules).map(([member, why]) => `\`${member}\` ${why}`).join('; ')}.`;

/** The split rules of every route that sets one (domain/split/rules.ts; the description's Split section). */
export const SPLIT_RULES = {
  'split.rules': 'an active split holds rules whose percentages add up to exactly 100',
  'split.rules[].companyId': 'each recipient once, a company the sandbox knows',
  'split.rules[].percentage': 'at most 2 decimal places when the split is active',
};

/** The format br-doc: a tool that does not know it sees a string; the sandbox checks the check digits. */
const CHECK_DIGITS = 'a CPF (11 digits) or CNPJ (14) whose check digits hold (format br-doc; punctuation ignored)';
export const INLINE_CLIENT_DOC = { 'client.doc': CHECK_DIGITS, 'client.cpf': CHECK_DIGITS };
export const CLIENT_DOC = { doc: `${CHECK_DIGITS}, not the document of another client of the company` };

export const TOKEN_RULE = { token: 'the decryptor\'s codes (TOKEN_MALFORMED, TOKEN_EXPIRED, ...): its contents are not the schema\'s' };

/** Every list and export (db/list.ts; the description's Lists at scale). */
export const LIST_RANGE = { 'range.end': 'not before range.start (compared as instants)' };
/** An export (db/export-stream.ts): its range, and no more matching records than its limit. */
export const exportRange = (max: number) => ({ 'range.start': `with range.end and the filters, matching at most ${max.toLocaleString('en')} records, the export's limit (more are refused before the first byte, never cut to the first ${max.toLocaleString('en')}: export in parts)`, ...LIST_RANGE });
/** Every paginated list (db/list.ts; the description's Lists at scale): its cursor and its range. */
export const LIST_CURSOR = { cursor: 'a next_cursor this list answered, with the same query (limit, sort, range, filters, companyId)', ...LIST_RANGE };
