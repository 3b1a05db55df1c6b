// The 3-D Secure challenge (http/docs/three-ds.ts): the page a PENDING_3DS
// transaction's nextAction.url opens, the form that ends it, and the page's own
// script and style. Public: the one-time reference in the path is the capability.
import { Type } from 'typebox';
import { notFound } from '../base/errors.js';
import { CHALLENGE_CSP, CHALLENGE_SCRIPT, CHALLENGE_STYLE, challengePage, endedPage, type PageLang } from '../http/three-ds-page.js';
import { CHALLENGE_PATH } from '../payment/challenge.js';
import { endChallenge } from '../domain/three-ds.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { beyondSchema } from '../http/beyond-schema.js';
import { challengeByReference, type ChallengeDoc } from '../store/three-ds-challenges.js';
import { transactions } from '../store/tables.js';
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import type { ResourceRoutes } from './plugin.js';

const Html = (description: string) => ({ description, content: { 'text/html': { schema: Type.String() } } });
const Params = Type.Object({ reference: Type.String({ minLength: 1, maxLength: 128, description: 'the one-time reference of nextAction.url' }) });
const Query = Type.Object({ lang: Type.Optional(Type.Enum(['pt-BR', 'en'], { description: 'default pt-BR' })) });
const ENDS = { complete: 'AUTHENTICATED', fail: 'FAILED' } as const;

const unknown = () => notFound('no 3-D Secure challenge has this reference');

/** The challenge, ended as EXPIRED (at its expiresAt) when its time is up on the company's clock. */
async function current(ctx: SandboxContext, db: Queryable, reference: string): Promise<ChallengeDoc> {
  const challenge = await challengeByReference(db, reference, true);
  if (!challenge) throw unknown();
  if (challenge.status !== 'PENDING' || ctx.now(challenge.companyId).toISOString() < challenge.expiresAt) return challenge;
  const transaction = await endChallenge(ctx, db, challenge, 'EXPIRED', new Date(challenge.expiresAt));
  if (transaction) ctx.recent.remember(transaction);
  return { ...challenge, status: 'EXPIRED' };
}

export const threeDSRoutes: ResourceRoutes = async (app, { ctx }) => {
  // The challenge's buttons post empty url-encoded forms: accepted in this scope only (the API itself takes JSON); nothing is read from them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
  const html = (status: string, reply: { header(name: string, value: string): unknown; type(t: string): unknown }) => {
    reply.header('content-security-policy', CHALLENGE_CSP);
    reply.header('referrer-policy', 'no-referrer');
    reply.type('text/html; charset=utf-8');
    return status;
  };

  async function show(reference: string, lang: PageLang, challenge: ChallengeDoc, db: Queryable) {
    const transaction = await transactions.get(db, challenge.companyId, challenge.transactionId);
    if (!transaction) throw unknown();
    if (challenge.status === 'PENDING') {
      return challengePage(lang, {
        action: `${CHALLENGE_PATH}/${reference}`, lang, cents: transaction.amount.value, last4: transaction.card?.last4 ?? '', expiresAt: challenge.expiresAt,
      });
    }
    const status = transaction.status === 'PAID' || transaction.status === 'AUTHORIZED' ? transaction.status : 'DECLINED';
    return endedPage(lang, status, challenge.status === 'EXPIRED');
  }

  app.get(`${CHALLENGE_PATH}/:reference`, {
    config: { auth: 'public' },
    schema: {
      tags: ['3-D Secure'], summary: 'Sandbox only: the 3-D Secure challenge page (nextAction.url)', security: [],
      description: 'HTML for the shopper, in a frame or a window: the amount, the card\'s last four, and two buttons. A challenge already ended shows its outcome; one past its time (10 minutes on the company\'s test clock) is ended there as EXPIRED. Unknown reference: 404.' + beyondSchema({ reference: 'the one-time reference of a challenge (404 otherwise)' }),
      params: Params, querystring: Query, response: { 200: Html('the challenge, or its outcome'), ...ERROR_RESPONSES },
    },
  }, async (request, reply) => {
    const lang = request.query.lang ?? 'pt-BR';
    const page = await ctx.db.transaction(async (tx) => show(request.params.reference, lang, await current(ctx, tx, request.params.reference), tx));
    return html(page, reply);
  });

  for (const [action, end] of Object.entries(ENDS)) {
    app.post(`${CHALLENGE_PATH}/:reference/${action}`, {
      config: { auth: 'public' },
      schema: {
        tags: ['3-D Secure'], summary: `Sandbox only: the shopper ${action === 'complete' ? 'authenticates' : 'does not authenticate'} (a button of the challenge page)`, security: [],
        description: (action === 'complete'
          ? 'The transaction becomes the provider\'s answer held since the payment (PAID, or AUTHORIZED with capture false); for the card whose challenge always fails, DECLINED.'
          : 'The transaction becomes DECLINED (3-D Secure authentication failed).')
          + ' Its charge moves as a card payment moves it. Events transaction.updated, then charge.paid or charge.payment_failed. The shopper\'s browser posts the page\'s form (an empty application/x-www-form-urlencoded body, ignored): no Idempotency-Key, and none is needed, since once ended the reference ends nothing more and the page shows the outcome. Unknown reference: 404.'
          + beyondSchema({ reference: 'the one-time reference of a challenge (404 otherwise)' }),
        params: Params, querystring: Query,
        response: { 200: Html('the outcome'), ...ERROR_RESPONSES },
      },
    }, async (request, reply) => {
      const lang = request.query.lang ?? 'pt-BR';
      const { reference } = request.params;
      const page = await ctx.db.transaction(async (tx) => {
        const challenge = await current(ctx, tx, reference);
        if (challenge.status !== 'PENDING') return show(reference, lang, challenge, tx);
        const transaction = await endChallenge(ctx, tx, challenge, end, ctx.now(challenge.companyId));
        if (transaction) ctx.recent.remember(transaction);
        return show(reference, lang, { ...challenge, status: end }, tx);
      });
      return html(page, reply);
    });
  }

  for (const [file, type, body] of [['challenge.js', 'text/javascript; charset=utf-8', CHALLENGE_SCRIPT], ['challenge.css', 'text/css; charset=utf-8', CHALLENGE_STYLE]] as const) {
    app.get(`/sandbox/3ds/${file}`, {
      config: { auth: 'public' },
      schema: { tags: ['3-D Secure'], summary: `Sandbox only: the challenge page's ${file.endsWith('.js') ? 'script' : 'style'}`, security: [], response: { 200: { description: file, content: { [type.split(';')[0]!]: { schema: Type.String() } } }, ...ERROR_RESPONSES } },
    }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      reply.type(type);
      return body;
    });
  }
};
