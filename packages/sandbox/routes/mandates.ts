// PIX Automático mandates (the sandbox's extension, beyond the reference):
// the merchant asks one for a PIX subscription; the payer's bank, played by a
// sandbox action, answers; the recorrência's payload is served, signed, at the
// location its BR Code carries. "PIX Automático" in the description says the rules.
import { Type } from 'typebox';
import { REC_LOCATION_PATH, bankAction, requestMandate } from '../billing/mandates.js';
import { SANDBOX_BENEFICIARY } from '../payment/bank-slips.js';
import { signPixPayload } from '../payment/pix-signing.js';
import { scopeOf } from '../db/list.js';
import { notFound } from '../base/errors.js';
import { beyondSchema } from '../http/beyond-schema.js';
import { originOf } from '../http/origin.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { BankActionBody, Mandate, MandateAnswer, MandateQuery, RequestMandateBody } from '../schemas/mandate.js';
import { Charge } from '../schemas/charge.js';
import { Transaction } from '../schemas/transaction.js';
import { lockedRecord } from '../store/locked-record.js';
import { mandates, type MandateDoc } from '../store/mandates.js';
import { missingOrForeign } from '../store/not-yours.js';
import { clients, products, subscriptions } from '../store/tables.js';
import type { Queryable } from '../db/database.js';
import { lockedAction } from './locked-action.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';
import { SANDBOX_ISPB } from '../billing/mandates.js';

const EXT = 'The sandbox\'s extension (the API reference has no PIX Automático): see "PIX Automático" in the description. ';
const JWKS = '/sandbox/v1/pix-jwks';

/** The recorrência's payload as the Banco Central's API Pix Automático lays it out (GET /rec/{idRec}), read from the mandate. */
export async function recPayload(db: Queryable, mandate: MandateDoc) {
  const [product, client] = await Promise.all([products.get(db, mandate.companyId, (await subscriptions.get(db, mandate.companyId, mandate.subscriptionId))?.productId ?? ''), clients.get(db, mandate.companyId, mandate.clientId)]);
  const doc = client?.doc.replace(/\D/g, '') ?? '';
  return {
    idRec: mandate.idRec,
    vinculo: { ...(product ? { objeto: product.product.title.slice(0, 35) } : {}), devedor: { ...(doc.length === 14 ? { cnpj: doc } : { cpf: doc }), nome: client?.name ?? '' }, contrato: mandate.subscriptionId },
    calendario: { dataInicial: mandate.startDate, periodicidade: mandate.periodicity },
    valor: { valorRec: (mandate.amount / 100).toFixed(2) },
    recebedor: { ispbParticipante: SANDBOX_ISPB, cnpj: SANDBOX_BENEFICIARY.taxId, nome: SANDBOX_BENEFICIARY.name },
    politicaRetentativa: mandate.retryPolicy,
    atualizacao: mandate.history.map(({ status, at }) => ({ status, data: at })),
  };
}

export const mandateRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.post('/sandbox/v1/mandates', {
    config: { auth: 'subscription.write' },
    schema: {
      tags: ['subscriptions'], summary: 'Sandbox only: ask the payer\'s bank for a PIX Automático mandate on a PIX subscription', security: SECURITY,
      description: `${EXT}A mandate PENDING (mandate.created) for the subscription's renewals at the product's price, expiring the day after (expiresOn). journey (the Banco Central's): 1 the payer's bank is asked directly (no code in the answer); 2 (default) code: a BR Code of the mandate alone; 3 and 4 code also pays the subscription's first open charge (its PIX issued now: charge.updated, code.pix) — 3 pays it with the approval, 4 pays it whatever the payer answers of the mandate. A subscription that already has a PENDING or ACTIVE mandate: 409 conflict on subscriptionId. Unknown subscription: 404; another company's: 403.` + beyondSchema({ subscriptionId: 'a live subscription paid by PIX, with a client, renewing every 7, 30, 90, 180 or 365 days', journey: '3 and 4: the subscription has an open charge', Host: 'short enough for the 77-character locations' }),
      body: RequestMandateBody, response: { 200: MandateAnswer, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const body = request.body;
    return ctx.db.transaction(async (tx) => requestMandate(ctx, tx, await lockedRecord(tx, subscriptions, 'subscription', body.companyId, body.subscriptionId), body.journey ?? 2, originOf(request)));
  });

  lockedAction(app, ctx, {
    url: '/sandbox/v1/mandates/bank', auth: 'subscription.write', tag: 'subscriptions', summary: 'Sandbox only: the payer\'s bank answers a PIX Automático mandate',
    description: `${EXT}action approve: PENDING -> ACTIVE, with the payer's maxAmount (cents) when given; reject: PENDING -> REJECTED; expire: PENDING -> EXPIRED (what the test clock does the day after expiresOn); revoke: ACTIVE -> REVOKED (the payer cancels it in their bank); decline-debits: the next \`count\` debits refused for want of funds (the status unchanged). Each is mandate.updated. Journeys 3 and 4 pay the first charge's PIX as the mandate's table says (charge.paid, the subscription ACTIVE). A move the mandate's table does not allow: 409 conflict on mandateId. Unknown mandate: 404; another company's: 403.` + beyondSchema({ maxAmount: 'only with action approve', count: 'with action decline-debits, and only with it' }),
    body: BankActionBody,
    answer: Type.Object({ mandate: Mandate, charge: Type.Optional(Charge), transaction: Type.Optional(Transaction) }),
    record: { table: mandates, noun: 'mandate', idField: 'mandateId' },
    act: (tx, mandate, body) => bankAction(ctx, tx, mandate, body),
  });

  app.get('/sandbox/v1/mandates', {
    config: { auth: 'subscription.read' },
    schema: {
      tags: ['subscriptions'], summary: 'Sandbox only: one PIX Automático mandate', security: SECURITY,
      description: `${EXT}Query: mandateId (companyId optional, one or several). Unknown: 404; another company's: 403.`,
      querystring: MandateQuery, response: { 200: Mandate, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const companies = scopeOf(request.credential!.companies, request.query.companyId);
    const mandate = await mandates.getAny(ctx.db, request.query.mandateId);
    if (!mandate || !companies.includes(mandate.companyId)) throw await missingOrForeign(ctx.db, 'mandates', { id: request.query.mandateId }, `mandate ${request.query.mandateId}`, 'the credential\'s companies');
    return mandate;
  });

  app.get(`${REC_LOCATION_PATH}:mandateId`, {
    config: { auth: 'public' },
    schema: {
      tags: ['subscriptions'], summary: 'Sandbox only: a PIX Automático recorrência\'s payload, as the payer\'s bank fetches it from the BR Code\'s location', security: [],
      description: `${EXT}A compact JWS (application/jose, PS256, its key at GET ${JWKS}, as a charge's PIX payload) of the recorrência as the Banco Central's API Pix Automático lays it out: idRec, vinculo {objeto (the product's title), devedor {cpf or cnpj, nome} (the subscription's client), contrato (the subscription id)}, calendario {dataInicial, periodicidade}, valor.valorRec, recebedor {ispbParticipante, cnpj, nome}, politicaRetentativa PERMITE_3R_7D, atualizacao (each status with its time: CRIADA, APROVADA, REJEITADA, EXPIRADA, CANCELADA). Unknown: 404.`,
      params: Type.Object({ mandateId: Type.String({ pattern: '^[0-9a-f]{24}$', description: 'the mandate id the location ends with' }) }),
      response: { 200: { description: 'the signed payload', content: { 'application/jose': { schema: Type.String() } } }, ...ERROR_RESPONSES },
    },
  }, async (request, reply) => {
    const mandate = await mandates.getAny(ctx.db, request.params.mandateId);
    if (!mandate) throw notFound('rec: no PIX Automático mandate at this location');
    const jws = await signPixPayload(ctx.db, await recPayload(ctx.db, mandate), `${originOf(request).replace(/^https?:\/\//, '')}${JWKS}`);
    reply.type('application/jose');
    return jws;
  });
};
