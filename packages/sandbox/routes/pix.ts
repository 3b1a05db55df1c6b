// A charge's PIX as the payer's bank reaches it (the sandbox's extension):
// the cob's payload at the location its BR Code carries, signed; the key to
// check it; and the merchant's removal of a waiting PIX.
import { Type } from 'typebox';
import type { SandboxContext } from '../context.js';
import { removePix } from '../billing/slips.js';
import { originOf } from '../http/origin.js';
import { beyondSchema } from '../http/beyond-schema.js';
import { PIX_LOCATION_PATH, pixCobStatus, pixExpiresIn, pixTxid, stampTime } from '../payment/pix-cob.js';
import { SANDBOX_PIX } from '../payment/bank-slips.js';
import { pixKey, signPixPayload } from '../payment/pix-signing.js';
import { Charge, ExpireBody } from '../schemas/charge.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { notFound } from '../base/errors.js';
import { charges, type ChargeDoc } from '../store/tables.js';
import { lockedAction } from './locked-action.js';
import type { ResourceRoutes } from './plugin.js';

const JWKS_PATH = '/sandbox/v1/pix-jwks';
const Params = Type.Object({ cob: Type.String({ pattern: '^[^/.]{1,64}\\.[0-9a-z]{11}$', description: 'the last part of the PIX\'s location: the charge id, a dot, the cob\'s stamp (11 base-36 digits)' }) });

/** The cob's payload (API Pix, "Payload JSON" of a cobrança imediata), read from its charge at `now`. */
export function pixPayload(charge: ChargeDoc, stamp: string, now: Date) {
  const criacao = stampTime(stamp);
  const txid = pixTxid(charge._id, stamp);
  return {
    revisao: 0,
    calendario: { criacao: criacao.toISOString(), apresentacao: now.toISOString(), expiracao: pixExpiresIn(criacao) },
    txid, status: pixCobStatus(charge, txid),
    valor: { original: (charge.amount.value / 100).toFixed(2) },
    chave: SANDBOX_PIX.key,
    ...(charge.description ? { solicitacaoPagador: charge.description.slice(0, 140) } : {}),
  };
}

export const pixRoutes: ResourceRoutes = async (app, { ctx }: { ctx: SandboxContext }) => {
  app.get(`${PIX_LOCATION_PATH}:cob`, {
    config: { auth: 'public' },
    schema: {
      tags: ['charges'], summary: 'Sandbox only: a PIX\'s payload, as the payer\'s bank fetches it from the BR Code\'s location', security: [],
      description: 'The sandbox\'s extension (the API reference has no PIX payload). A compact JWS (application/jose, PS256, header kid and jku naming GET /sandbox/v1/pix-jwks) whose payload is the cob as the Banco Central\'s API Pix lays it out: revisao, calendario {criacao, apresentacao (now on the company\'s test clock), expiracao (seconds: to the end of the day after issue, UTC)}, txid, status, valor.original, chave. status: ATIVA while it is the charge\'s waiting PIX; CONCLUIDA once paid; REMOVIDA_PELO_USUARIO_RECEBEDOR once removed (POST /sandbox/v1/charges/remove-pix); REMOVIDA_PELO_PSP for every other ending (expired, replaced by a new PIX, the charge held, switched off or ended): the sandbox, as the PSP, withdraws an expired cob, so a bank never pays one. Unknown: 404.' + beyondSchema({ cob: 'the location of a PIX the sandbox issued (404 otherwise)' }),
      params: Params, response: { 200: { description: 'the signed payload', content: { 'application/jose': { schema: Type.String() } } }, ...ERROR_RESPONSES },
    },
  }, async (request, reply) => {
    const dot = request.params.cob.lastIndexOf('.');
    const [chargeId, stamp] = [request.params.cob.slice(0, dot), request.params.cob.slice(dot + 1)];
    const charge = await charges.getAny(ctx.db, chargeId);
    // A stamp from before the charge was made (or after the company's now) names no PIX the sandbox issued.
    const made = stampTime(stamp).getTime();
    if (!charge || !(made >= Date.parse(charge.createdAt) && made <= ctx.now(charge.companyId).getTime())) throw notFound('cob: no PIX was issued at this location');
    const jws = await signPixPayload(ctx.db, pixPayload(charge, stamp, ctx.now(charge.companyId)), `${originOf(request).replace(/^https?:\/\//, '')}${JWKS_PATH}`);
    reply.type('application/jose');
    return jws;
  });

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
