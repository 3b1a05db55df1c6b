// The guard of part 5, as Fastify hooks driven by each route's `config.auth`:
// a permission (apiKey or token header, then rules 5 and 6), 'captcha'
// (POST /v1/charge/pay, rule 7) or 'public' (the description, extensions).
// Authentication runs on the request line and headers, before any body is read;
// the company scope on the parsed body and query, before they are validated, so
// a foreign company is refused (403) whatever else the body holds.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { forbidden, unauthorized } from '../base/errors.js';
import { verifyApiKey, type Verified } from './credentials.js';
import { refuseLater } from '../base/refuse-later.js';
import { verifyJwt } from './jwt.js';
import type { Credential, Permission } from './permissions.js';

export type RouteAuth = Permission | 'captcha' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig { auth?: RouteAuth }
  interface FastifyRequest {
    credential?: Credential;
    /** The stamp found with the credential (the cache epoch on PGlite, the process's live stamp on PostgreSQL: db/change-stamp.ts): what cached company reads are checked against (domain/payments/company-state.ts). */
    cacheEpoch?: string;
  }
  interface FastifyInstance { routeTable: GuardedRoute[] }
}

/** A route the app registered and what guards it (undefined: nothing; extensions' routes are public). */
export interface GuardedRoute { method: string; url: string; auth: RouteAuth | undefined }

/** The one captchaToken the sandbox's captcha stub accepts (rule 7). */
export const SANDBOX_CAPTCHA_TOKEN = 'sandbox-captcha-ok';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** companyId and companyIds of the body and the query (a list or comma-separated). */
function requestedCompanies(request: FastifyRequest): string[] {
  const found: string[] = [];
  for (const source of [request.body, request.query]) {
    if (!source || typeof source !== 'object') continue;
    const { companyId, companyIds } = source as Record<string, unknown>;
    for (const value of [companyId, ...(Array.isArray(companyIds) ? companyIds : [companyIds])])
      if (typeof value === 'string') found.push(...value.split(',').filter(Boolean));
  }
  return found;
}

export function installGuard(app: FastifyInstance, db: Database, jwtKey: Uint8Array): void {
  // Every route registered from here on, so a test can hold each one to the guard.
  const routeTable: GuardedRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, auth: route.config?.auth });
  });
  // Callback hooks, each ending in the same turn when it can (a kept credential, no captcha, one
  // company): a promise per hook and request was a measurable part of a payment's CPU (issue 38).
  app.addHook('onRequest', (request, _reply, done) => {
    const auth = request.routeOptions.config?.auth;
    if (!auth || auth === 'public' || auth === 'captcha') return done();
    const apiKey = header(request, 'apikey'); // Node lower-cases header names
    const token = header(request, 'token');
    if (!apiKey && !token) return refuseLater(done, unauthorized('missing credential: send the apiKey header (<KEY_ID>.<SECRET>) or the token header (JWT)'));
    const admit = (verified: Verified) => {
      if ('refusal' in verified) return refuseLater(done, unauthorized(verified.refusal));
      if (!verified.credential.permissions.includes(auth)) return refuseLater(done, forbidden(`the credential lacks the ${auth} permission`));
      request.credential = verified.credential;
      request.cacheEpoch = verified.cacheEpoch;
      done();
    };
    // Both given: the apiKey decides (rule 1 lets either authenticate).
    const verified = apiKey ? verifyApiKey(db, apiKey) : verifyJwt(db, jwtKey, token!);
    if ('then' in verified) verified.then(admit, done);
    else admit(verified);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.routeOptions.config?.auth !== 'captcha') return done();
    const body = request.body as { captchaToken?: unknown } | undefined;
    if (body?.captchaToken !== SANDBOX_CAPTCHA_TOKEN) return refuseLater(done, unauthorized(`captchaToken failed the captcha check (the sandbox accepts "${SANDBOX_CAPTCHA_TOKEN}")`));
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const credential = request.credential;
    if (!credential) return done();
    const outside = requestedCompanies(request).find((company) => !credential.companies.includes(company));
    if (outside !== undefined) return refuseLater(done, forbidden('the credential has no access to this companyId'));
    done();
  });
}
