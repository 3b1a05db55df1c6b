// The guard of part 5, as Fastify hooks driven by each route's `config.auth`:
// a permission (apiKey or token header, then rules 5 and 6), 'captcha'
// (POST /v1/charge/pay, rule 7) or 'public' (the description, extensions).
// Authentication runs on the request line and headers, before any body is read;
// the company scope on the parsed body and query, before they are validated, so
// a foreign company is refused (403) whatever else the body holds.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { forbidden, unauthorized } from '../base/errors.js';
import { verifyApiKey } from './credentials.js';
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
  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config?.auth;
    if (!auth || auth === 'public' || auth === 'captcha') return;
    const apiKey = header(request, 'apikey'); // Node lower-cases header names
    const token = header(request, 'token');
    if (!apiKey && !token) throw unauthorized('missing credential: send the apiKey header (<KEY_ID>.<SECRET>) or the token header (JWT)');
    // Both given: the apiKey decides (rule 1 lets either authenticate).
    const verified = apiKey ? await verifyApiKey(db, apiKey) : await verifyJwt(db, jwtKey, token!);
    if ('refusal' in verified) throw unauthorized(verified.refusal);
    if (!verified.credential.permissions.includes(auth)) throw forbidden(`the credential lacks the ${auth} permission`);
    request.credential = verified.credential;
    request.cacheEpoch = verified.cacheEpoch;
  });
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config?.auth !== 'captcha') return;
    const body = request.body as { captchaToken?: unknown } | undefined;
    if (body?.captchaToken !== SANDBOX_CAPTCHA_TOKEN) throw unauthorized(`captchaToken failed the captcha check (the sandbox accepts "${SANDBOX_CAPTCHA_TOKEN}")`);
  });
  app.addHook('preValidation', async (request) => {
    const credential = request.credential;
    if (!credential) return;
    const outside = requestedCompanies(request).find((company) => !credential.companies.includes(company));
    if (outside !== undefined) throw forbidden('the credential has no access to this companyId');
  });
}
