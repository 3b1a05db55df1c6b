// What the payment service serves for frame mode (issue 9): the card frame's files from
// dist/frame/, the frame-mode script for merchant pages, the JWKS of its keys, and each with
// its headers (the frame's strict CSP with the merchant origins allowed to embed it). A plain
// node:http handler, or the file list to hand to any other server.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidOptionError } from './errors.js';
import type { KeysOption } from './private-keys.js';
import { publicJwks, type PublicJwks } from './public-jwks.js';

/** How to host the frame. */
export interface CardFrameHostOptions {
  /** The service's private keys, as for `createDecryptor`: their public halves become the JWKS. */
  keys: KeysOption;
  /**
   * Origins allowed to embed the frame (CSP frame-ancestors), e.g. `['https://shop.example']`;
   * a function is asked at each request (origins known only later). An empty or bad list: `'none'`.
   */
  frameAncestors: readonly string[] | (() => readonly string[]);
  /** Where the versioned files are served; default `/svc/<version>/`. */
  basePath?: string;
  /** The built dist/ folder; default the one this module is in. */
  distDir?: string;
}

/** One file to serve. */
export interface HostedFile {
  body: Buffer;
  headers: Record<string, string>;
}

/** The hosted files by path, the JWKS, and a handler serving them. */
export interface CardFrameHost {
  /** Every path served (frame page, script, style, merchant script, JWKS) and its response. */
  files: Map<string, HostedFile>;
  jwks: PublicJwks;
  /** Path of the frame page, for the element's `frame-src` (prefix the service's origin). */
  framePath: string;
  /** Path and SRI hash of the merchant pages' frame-mode script. */
  parentScript: { path: string; integrity: string };
  /** Serves a GET or HEAD of a hosted path and returns true; false for any other request. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
}

export const JWKS_PATH = '/.well-known/svc-card/jwks.json';
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$|^'self'$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const BASE = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

const validOrigins = (list: unknown): list is readonly string[] =>
  Array.isArray(list) && list.every((origin) => typeof origin === 'string' && ORIGIN.test(origin));

const HASH = /^'sha256-[A-Za-z0-9+/]{43}='$/;

/**
 * The frame page's CSP: own-origin script, style and fetch only, no inline script, no eval,
 * Trusted Types. `styleSources`: the hashes of the page's own <style> (the fields' skeleton
 * rendered in it, dist/frame/manifest.json), the only inline style allowed.
 */
export function cardFrameCsp(frameAncestors: readonly string[], styleSources: readonly string[] = []): string {
  if (!validOrigins(frameAncestors)) frameAncestors = [];
  return [
    "default-src 'none'", "script-src 'self'", ["style-src 'self'", ...styleSources.filter((source) => HASH.test(source))].join(' '), "font-src 'self'", "connect-src 'self'",
    "img-src 'self'", "base-uri 'none'", "form-action 'none'", `frame-ancestors ${frameAncestors.join(' ') || "'none'"}`,
    "require-trusted-types-for 'script'", 'trusted-types lit-html',
  ].join('; ');
}

/**
 * Reads dist/frame/ and the keys once; rejects with `InvalidOptionError` naming a bad option.
 *
 * @example
 * const host = await createCardFrameHost({ keys: { v1: privatePem }, frameAncestors: ['https://shop.example'] });
 * createServer((req, res) => host.handle(req, res) || app(req, res));
 */
export async function createCardFrameHost(options: CardFrameHostOptions): Promise<CardFrameHost> {
  const ancestors = options?.frameAncestors;
  if (typeof ancestors !== 'function' && !validOrigins(ancestors)) {
    throw new InvalidOptionError('frameAncestors', "expected a list of origins like https://shop.example (or 'self'), or a function returning one");
  }
  // dist/ beside this file once built (a path, not new URL(…, import.meta.url): Vite would inline that).
  const dist = options.distDir ?? dirname(fileURLToPath(import.meta.url));
  const manifest = JSON.parse(readFileSync(join(dist, 'frame/manifest.json'), 'utf8')) as {
    version: string; page: string; files: Record<string, string>; parentScript: { file: string; integrity: string }; styleSources?: string[];
  };
  const base = options.basePath ?? `/svc/${manifest.version}/`;
  if (!/^\/([\w.-]+\/)*$/.test(base)) throw new InvalidOptionError('basePath', 'expected a path like /svc/0.2.0/');
  const jwks = await publicJwks(options.keys);
  const files = new Map<string, HostedFile>();
  const type = (name: string) => ({ html: 'text/html', js: 'text/javascript', css: 'text/css' })[name.split('.').pop()!] + '; charset=utf-8';
  // The page comes with its keys (issue 27 "No blank frame"): the JWKS inline, read by the frame's
  // script without a request; `<` escaped so the JSON cannot end its element.
  const withKeys = (html: string) => html.replace('<!--svc-jwks-->',
    () => `<script type="application/json" id="svc-jwks">${JSON.stringify(jwks).replace(/</g, '\\u003c')}</script>`);
  for (const name of Object.keys(manifest.files)) {
    const page = name === manifest.page;
    const body = readFileSync(join(dist, 'frame', name));
    files.set(base + name, {
      body: page ? Buffer.from(withKeys(body.toString('utf8'))) : body,
      headers: page
        ? { ...BASE, 'content-type': type(name), 'cache-control': 'no-cache' }
        : { ...BASE, 'content-type': type(name), 'cache-control': IMMUTABLE, 'cross-origin-resource-policy': 'same-origin' },
    });
  }
  // Loaded by merchant pages with crossorigin="anonymous" and SRI: CORS and CORP allow it.
  const parentPath = base + manifest.parentScript.file;
  files.set(parentPath, {
    body: readFileSync(join(dist, manifest.parentScript.file)),
    headers: { ...BASE, 'content-type': type('.js'), 'cache-control': IMMUTABLE, 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' },
  });
  files.set(JWKS_PATH, {
    body: Buffer.from(JSON.stringify(jwks)),
    headers: { ...BASE, 'content-type': 'application/jwk-set+json', 'cache-control': 'max-age=300', 'cross-origin-resource-policy': 'same-origin' },
  });
  return {
    files, jwks, framePath: base + manifest.page, parentScript: { path: parentPath, integrity: manifest.parentScript.integrity },
    handle(request, response) {
      // The path as sent, query cut off; never parsed as a URL (`//x:99999` would throw).
      const file = files.get((request.url ?? '').split('?', 1)[0]!);
      if (!file || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
      const page = file.headers['content-type']!.startsWith('text/html');
      const csp = page ? { 'content-security-policy': cardFrameCsp(typeof ancestors === 'function' ? ancestors() : ancestors, manifest.styleSources) } : {};
      response.writeHead(200, { ...file.headers, ...csp }).end(request.method === 'HEAD' ? undefined : file.body);
      return true;
    },
  };
}
