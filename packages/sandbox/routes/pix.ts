// A charge's PIX as the payer's bank reaches it (the sandbox's extension):
// the cob's payload at the location its BR Code carries, signed (a boleto's
// PIX: a cobv at its own path); the key to check it; and the merchant's
// removal of a waiting PIX.
import { Type } from 'typebox';
import type { SandboxContext } from '../context.js';
import { removePix } from '../billing/slips.js';
import { originOf } from '../http/origin.js';
import { beyondSchema } from '../http/beyond-schema.js';
import { COBV_LOCATION_PATH, PIX_LOCATION_PATH, boletoDueDate, pixCobStatus, pixExpiresIn, pixTxid, stampTime, type CobKind } from '../payment/pix-cob.js';
import { dayOf } from '../base/dates.js';
import { SANDBOX_PIX } from '../payment/bank-slips.js';
import { pixKey, signPixPayload } from '../payment/pix-signing.js';
import { Charge, ExpireBody } from '../schemas/charge.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { notFound } from '../base/errors.js';
import { charges, clients, type ChargeDoc } from '../store/tables.js';
import { lockedAction } from './locked-action.js';
import type { ResourceRoutes } from './plugin.js';

const JWKS_PATH = '/sandbox/v1/pix-jwks';
const Params = Type.Object({ cob: Type.String({ pattern: '^[^/.]{1,64}\\.[0-9a-z]{11}$', description: 'the last part of the PIX\'s location: the charge id, a dot, the cob\'s stamp (11 base-36 digits)' }) });

/** Who a cobv is made out to (the API Pix's devedor): the charge's client, by CPF or CNPJ. */
const devedor = ({ name, doc }: { name: string; doc: string }) => ({ [doc.length > 11 ? 'cnpj' : 'cpf']: doc, nome: name });

/**
 * The cob's payload (API Pix, "Payload JSON" of a cobrança imediata), read from its charge at `now`;
 * a boleto's (kind BOLETO) is a cobrança com vencimento: calendario carries the boleto's due date
 * and no expiracao, and devedor is the boleto's payer when the charge has a client.
 */
export function pixPayload(charge: ChargeDoc, stamp: string, now: Date, kind: CobKind = 'PIX', payer?: { name: string; doc: string }) {
  const criacao = stampTime(stamp);
  const txid = pixTxid(charge._id, stamp);
  const calendario = kind === 'PIX'
    ? { criacao: criacao.toISOString(), apresentacao: now.toISOString(), expiracao: pixExpiresIn(criacao) }
    : { criacao: criacao.toISOString(), apresentacao: now.toISOString(), dataDeVencimento: boletoDueDate(charge, dayOf(criacao)), validadeAposVencimento: 0 };
  return {
    revisao: 0, calendario, txid, status: pixCobStatus(charge, txid, kind),
    ...(kind === 'BOLETO' && payer ? { devedor: devedor(payer) } : {}),
    valor: { original: (charge.amount.value / 100).toFixed(2) },
    chave: SANDBOX_PIX.key,
    ...(charge.description ? { solicitacaoPagador: charge.description.slice(0, 140) } : {}),
  };
}

const COB_STATUSES = 'ATIVA while it is the charge\'s waiting PIX; CONCLUIDA once paid; REMOVIDA_PELO_USUARIO_RECEBEDOR once removed (POST /sandbox/v1/charges/remove-pix); REMOVIDA_PELO_PSP for every other ending (expired, replaced by a new PIX, the charge held, switched off or ended): the sandbox, as the PSP, withdraws an expired cob, so a bank never pays one. Unknown: 404.';
const COBV_STATUSES = 'ATIVA while its boleto waits (until the end of the boleto\'s due date, UTC: validadeAposVencimento 0, as the boleto is taken until its due date); CONCLUIDA once paid by this PIX; REMOVIDA_PELO_PSP once the boleto is paid by its line (the sandbox, as the PSP, withdraws the PIX of a paid boleto, so the charge is paid once), expires or is replaced, or the charge is held, switched off or ended. A boleto\'s PIX is not removed on its own (POST /sandbox/v1/charges/remove-pix takes a PIX, not a boleto). Unknown: 404.';

export const pixRoutes: ResourceRoutes = async (app, { ctx }: { ctx: SandboxContext }) => {
  for (const kind of ['PIX', 'BOLETO'] as const) {
    const cobv = kind === 'BOLETO';
    app.get(`${cobv ? COBV_LOCATION_PATH : PIX_LOCATION_PATH}:cob`, {
      config: { auth: 'public' },
      schema: {
        tags: ['charges'], security: [],
        summary: cobv ? 'Sandbox only: a boleto\'s PIX payload (cobv), as the payer\'s bank fetches it from the BR Code\'s location' : 'Sandbox only: a PIX\'s payload, as the payer\'s bank fetches it from the BR Code\'s location',
        description: cobv
          ? `The sandbox's extension (the API reference has neither PIX payloads nor boletos with PIX). The PIX a boleto carries ("boleto híbrido", bolepix, as Brazilian banks issue boletos since 2025) is a cobrança com vencimento (cobv): a compact JWS signed as GET /sandbox/v1/pix/{cob}'s, whose payload is the cobv as the Banco Central's API Pix lays it out: revisao, calendario {criacao, apresentacao (now on the company's test clock), dataDeVencimento (the boleto's due date), validadeAposVencimento 0}, txid, status, devedor {cpf or cnpj, nome} (the boleto's payer, when the charge has a client), valor.original, chave. status: ${COBV_STATUSES}` + beyondSchema({ cob: 'the location of a boleto\'s PIX the sandbox issued (404 otherwise)' })
          : `The sandbox's extension (the API reference has no PIX payload). A compact JWS (application/jose, PS256, header kid and jku naming GET /sandbox/v1/pix-jwks) whose payload is the cob as the Banco Central's API Pix lays it out: revisao, calendario {criacao, apresentacao (now on the company's test clock), expiracao (seconds: to the end of the day after issue, UTC)}, txid, status, valor.original, chave. status: ${COB_STATUSES}` + beyondSchema({ cob: 'the location of a PIX the sandbox issued (404 otherwise)' }),
        params: Params, response: { 200: { description: 'the signed payload', content: { 'application/jose': { schema: Type.String() } } }, ...ERROR_RESPONSES },
      },
    }, async (request, reply) => {
      const dot = request.params.cob.lastIndexOf('.');
      const [chargeId, stamp] = [request.params.cob.slice(0, dot), request.params.cob.slice(dot + 1)];
      const charge = await charges.getAny(ctx.db, chargeId);
      // A stamp from before the charge was made (or after the company's now) names no PIX the sandbox issued.
      const made = stampTime(stamp).getTime();
      if (!charge || !(made >= Date.parse(charge.createdAt) && made <= ctx.now(charge.companyId).getTime())) throw notFound('cob: no PIX was issued at this location');
      const payer = cobv && charge.clientId ? await clients.get(ctx.db, charge.companyId, charge.clientId) : undefined;
      const jws = await signPixPayload(ctx.db, pixPayload(charge, stamp, ctx.now(charge.companyId), kind, payer ?? undefined), `${originOf(request).replace(/^https?:\/\//, '')}${JWKS_PATH}`);
      reply.type('application/jose');
      return jws;
    });
  }

  app.get(JWKS_PATH, {
    config: { auth: 'public' },
    schema: {
      tags: ['charges'], summary: 'Sandbox only: the key a PIX payload is signed with (JWKS)', security: [],
      description: 'The sandbox\'s extension: the public key of the PIX payloads\' JWS (PS256), as a JWK Set; made once per database.',
      response: { 200: Type.Object({ keys: Type.Array(Type.Object({}, { additionalProperties: true })) }), ...ERROR_RESPONSES },
    },
  }, async () => ({ keys: [(await pixKey(ctx.db)).publicJwk] }));

  lockedAction(app, ctx, {
    url: '/sandbox/v1/charges/remove-pix', auth: 'charge.write', tag: 'charges', summary: 'Sandbox only: the merchant removes the charge\'s waiting PIX',
    description: 'The sandbox\'s extension, as the API Pix\'s PATCH /cob/{txid} with status REMOVIDA_PELO_USUARIO_RECEBEDOR: PENDING_PAYMENT -> ACTIVE (charge.updated), the PIX gone (no attempt counted), its payload location answering REMOVIDA_PELO_USUARIO_RECEBEDOR; the charge stays payable (a new PIX has a new txid). No PIX waiting: 400 on chargeId. Unknown charge: 404; another company\'s: 403.' + beyondSchema({ chargeId: 'a PENDING_PAYMENT charge whose waiting slip is a PIX' }),
    body: ExpireBody, answer: Charge, record: { table: charges, noun: 'charge', idField: 'chargeId' },
    act: (tx, charge, { companyId }) => removePix(tx, charge, ctx.now(companyId)),
  });
};
