// Clients by document (4.3: the inline client is created or reused by its
// document). The unique (company, doc) index makes two racing creations one.
import type { Queryable } from '../db/database.js';
import { clientTypeOf, docDigits } from '../clients/doc.js';
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
