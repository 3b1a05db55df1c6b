// Clients (4.6): POST /v1/client, GET /v1/client.
import { listPage, scopeOf, type Filter } from '../db/list.js';
import { fieldError, invalid } from '../base/errors.js';
import { Client, ClientListQuery, CreateClientBody } from '../schemas/client.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { Page } from '../schemas/list.js';
import { clientSearchFilter, insertOrReuse, newClient } from '../store/clients.js';
import { CLIENT_DOC, LIST_CURSOR, beyondSchema } from '../http/beyond-schema.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

export const clientRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.post('/v1/client', {
    config: { auth: 'client.write' },
    schema: {
      tags: ['clients'], summary: 'Create a client', security: SECURITY,
      description: 'doc is stored as digits and must be a valid CPF or CNPJ. A second client with the same doc in one company is refused on doc (400).' + beyondSchema(CLIENT_DOC),
      body: CreateClientBody, response: { 200: Client, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const candidate = newClient(request.body.companyId, request.body, ctx.now(request.body.companyId));
    const stored = await insertOrReuse(ctx.db, candidate);
    if (stored._id !== candidate._id) throw invalid(fieldError('doc', `doc is already the document of client ${stored._id} of this company`));
    return stored;
  });

  app.get('/v1/client', {
    config: { auth: 'client.read' },
    schema: {
      tags: ['clients'], summary: 'List clients', security: SECURITY, description: 'Paginated (see Lists at scale).' + beyondSchema(LIST_CURSOR),
      querystring: ClientListQuery, response: { 200: Page(Client), ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { search, id, companyId } = request.query;
    const filters: Filter[] = [];
    if (id) filters.push(['id = ?', id]);
    // The document matches by its digits too ("123.456" finds 12345678909); the rest without case or accents.
    if (search) filters.push(clientSearchFilter(search));
    return listPage(ctx.db, 'clients', scopeOf(request.credential!.companies, companyId), request.query, filters);
  });
};
