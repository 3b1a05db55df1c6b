// The shape of a move on one record of the company: the body names the company
// and the record, the record is read under its row lock (404 unknown, 403
// another company's), the move runs in that transaction. A route file declares
// only what differs: its path, words, body, answer and the move itself.
import type { Static, TObject, TSchema } from 'typebox';
import type { Permission } from '../auth/permissions.js';
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import type { Stored, Table } from '../db/table.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { lockedRecord } from '../store/locked-record.js';
import { SECURITY, type RoutesApp } from './plugin.js';

export interface LockedAction<Body extends TObject, Doc extends Stored> {
  method?: 'POST' | 'PUT';
  url: string;
  auth: Permission;
  tag: string;
  summary: string;
  description: string;
  body: Body;
  /** The 200 answer's schema. */
  answer: TSchema;
  /** The record's table, its name in a refusal ("alert") and the body member holding its id. */
  record: { table: Table<Doc>; noun: string; idField: keyof Static<Body> & string };
  /** The move, given the locked record and the body (companyId included). */
  act(tx: Queryable, record: Doc, body: Static<Body> & { companyId: string }): Promise<unknown>;
}

export function lockedAction<Body extends TObject, Doc extends Stored>(app: RoutesApp, ctx: SandboxContext, spec: LockedAction<Body, Doc>): void {
  app.route({
    method: spec.method ?? 'POST',
    url: spec.url,
    config: { auth: spec.auth },
    schema: { tags: [spec.tag], summary: spec.summary, security: SECURITY, description: spec.description, body: spec.body, response: { 200: spec.answer, ...ERROR_RESPONSES } },
    handler: async (request) => {
      const body = request.body as Static<Body> & { companyId: string };
      const { table, noun, idField } = spec.record;
      return ctx.db.transaction(async (tx) => spec.act(tx, await lockedRecord(tx, table, noun, body.companyId, body[idField] as string), body));
    },
  });
}
