// Clients by document (4.3: the inline client is created or reused by its
// document). The unique (company, doc) index makes two racing creations one.
import type { Queryable } from '../db/database.js';
import { clientTypeOf, docDigits } from '../clients/doc.js';
import { clients, newId, type ClientDoc } from './tables.js';

export interface ClientInput { name: string; doc?: string; cpf?: string; email?: string; [k: string]: unknown }

export async function findOrCreateClient(db: Queryable, companyId: string, input: ClientInput, now: Date): Promise<ClientDoc> {
  const doc = docDigits(input.doc ?? input.cpf ?? '');
  const at = now.toISOString();
  const candidate: ClientDoc = {
    _id: newId(), companyId, name: input.name.trim(), doc, ...(input.email ? { email: input.email } : {}),
    status: 'ACTIVE', type: clientTypeOf(doc), active: true, deleted: false, phones: [], createdAt: at, updatedAt: at,
  };
  await clients.insert(db, candidate, '(company_id, doc)');
  const [row] = await db.query<{ data: ClientDoc }>('SELECT data FROM clients WHERE company_id = $1 AND doc = $2', [companyId, doc]);
  return row!.data;
}
