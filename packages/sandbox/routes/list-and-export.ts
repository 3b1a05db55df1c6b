// The shape of a resource's list and its export: GET <path> pages the records
// (see Lists at scale), GET <path>/exports streams them all as one JSON array,
// at most `exportMax`, with the same filters and sort. A route file declares
// only what differs: path, table, words, schemas and its filters.
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import type { Permission } from '../auth/permissions.js';
import type { SandboxContext } from '../context.js';
import { exportStream } from '../db/export-stream.js';
import { listPage, scopeOf, type Filter } from '../db/list.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { Page } from '../schemas/list.js';
import { LIST_CURSOR, beyondSchema, exportRange } from '../http/beyond-schema.js';
import { SECURITY, type RoutesApp } from './plugin.js';

export interface ListAndExport<ListQuery extends TObject, ExportQuery extends TObject> {
  /** The list's path; the export's is `${path}/exports`. */
  path: string;
  table: string;
  auth: Permission;
  tag: string;
  listSummary: string;
  exportSummary: string;
  item: TSchema;
  listQuery: ListQuery;
  exportQuery: ExportQuery;
  exportMax: number;
  /** The SQL filters a query asks for (the list's and the export's are the same). */
  filtersOf(query: Static<ListQuery> | Static<ExportQuery>): Filter[];
}

type ScopedQuery = { companyId?: string } & Record<string, unknown>;

export function listAndExport<ListQuery extends TObject, ExportQuery extends TObject>(app: RoutesApp, ctx: SandboxContext, spec: ListAndExport<ListQuery, ExportQuery>): void {
  const { path, table, auth, tag, item, exportMax, filtersOf } = spec;
  const companiesOf = (request: { credential?: { companies: string[] } }, query: ScopedQuery) => scopeOf(request.credential!.companies, query.companyId);

  app.route({
    method: 'GET', url: path, config: { auth },
    schema: { tags: [tag], summary: spec.listSummary, security: SECURITY, description: 'Paginated (see Lists at scale).' + beyondSchema(LIST_CURSOR), querystring: spec.listQuery, response: { 200: Page(item), ...ERROR_RESPONSES } },
    handler: async (request) => {
      const query = request.query as ScopedQuery;
      return listPage(ctx.db, table, companiesOf(request, query), query as never, filtersOf(query as never));
    },
  });

  app.route({
    method: 'GET', url: `${path}/exports`, config: { auth },
    schema: {
      tags: [tag], summary: spec.exportSummary, security: SECURITY, description: 'The list\'s filters and sort, without pages; streamed.' + beyondSchema(exportRange(exportMax)),
      querystring: spec.exportQuery, response: { 200: Type.Array(item, { maxItems: exportMax }), ...ERROR_RESPONSES },
    },
    handler: async (request, reply) => {
      const query = request.query as ScopedQuery;
      const stream = await exportStream(ctx.db, table, companiesOf(request, query), query as never, filtersOf(query as never), exportMax);
      // A stream skips the response serializer; the items are stored response bodies already.
      return reply.type('application/json; charset=utf-8').send(stream as never);
    },
  });
}
