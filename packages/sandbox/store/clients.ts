// Clients by document (4.3: the inline client is created or reused by its
// document). The unique (company, doc) index makes two racing creations one.
import type { Queryable } from '../db/database.js';
import type { Filter } from '../db/list.js';
import { clientTypeOf, docDigits } from '../base/tax-doc.js';
import { clients, newId, type ClientDoc } from './tables.js';

export interface ClientInput { name: string; doc?: string; cpf?: string; email?: string; [k: string]: unknown }

/** A new client's body from a create request or an inline client. */
export function newClient(companyId: string, input: ClientInput, now: Date): ClientDoc {
  const doc = docDigits(input.doc ?? input.cpf ?? '');
  const at = now.toISOString();
  const optional = ['externalReference', 'birthDate', 'note', 'address', 'device', 'ip', 'email'] as const;
  return {
    _id: newId(), companyId, name: input.name.trim(), doc, phones: (input.phones as string[] | undefined) ?? [],
    ...Object.fromEntries(optional.filter((k) => input[k] !== undefined).map((k) => [k, input[k]])),
    status: 'ACTIVE', type: (input.type as ClientDoc['type'] | undefined) ?? clientTypeOf(doc), active: true, deleted: false, createdAt: at, updatedAt: at,
  };
}

export async function findByDoc(db: Queryable, companyId: string, doc: string): Promise<ClientDoc | undefined> {
  const [row] = await db.query<{ data: ClientDoc }>('SELECT data FROM clients WHERE company_id = $1 AND doc = $2', [companyId, doc]);
  return row?.data;
}

/** Inserts `candidate` unless the company has a client with its document; answers the stored one. */
export async function insertOrReuse(db: Queryable, candidate: ClientDoc): Promise<ClientDoc> {
  await clients.insert(db, candidate, '(company_id, doc)');
  return (await findByDoc(db, candidate.companyId, candidate.doc))!;
}

export const findOrCreateClient = (db: Queryable, companyId: string, input: ClientInput, now: Date) =>
  insertOrReuse(db, newClient(companyId, input, now));

// Accent folding for the client search, done by SQL's translate() on both sides
// (the stored search text and the term), so PGlite and PostgreSQL fold alike and
// rows written before need no migration: every Latin letter of U+00C0-U+024F
// whose decomposition is one ASCII letter and marks becomes that letter, and the
// combining marks (U+0300-U+036F) are removed, so "Conceição" and "conceicao" meet.
const FOLDED: [string, string][] = [];
for (let code = 0xc0; code <= 0x24f; code++) {
  const letter = String.fromCodePoint(code).toLowerCase();
  const base = letter.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (letter.length === 1 && base !== letter && /^[a-z]$/.test(base) && !FOLDED.some(([from]) => from === letter)) FOLDED.push([letter, base]);
}
const FOLD_FROM = FOLDED.map(([from]) => from).join('') + Array.from({ length: 0x70 }, (_, i) => String.fromCodePoint(0x300 + i)).join('');
const FOLD_TO = FOLDED.map(([, to]) => to).join('');

/** GET /v1/client's `search`: part of the name, e-mail or external reference without regard to case or accents, or of the document's digits. */
export function clientSearchFilter(search: string): Filter {
  const text = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const folded = 'translate(search, ?, ?) LIKE translate(?, ?, ?)';
  const digits = docDigits(search);
  return digits.length >= 3
    ? [`(${folded} OR doc LIKE ?)`, FOLD_FROM, FOLD_TO, text, FOLD_FROM, FOLD_TO, `%${digits}%`]
    : [folded, FOLD_FROM, FOLD_TO, text, FOLD_FROM, FOLD_TO];
}
