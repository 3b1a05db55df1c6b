// What the payer's bank does with a BR Code: parse it with pix-utils (an
// independent parser), fetch its location, verify the JWS with the key its jku names.
import { compactVerify, createLocalJWKSet, decodeProtectedHeader } from 'jose';
import { parsePix } from 'pix-utils';
import { expect } from 'vitest';
import type { Sandbox } from '../../../packages/sandbox/server.js';

export async function bankReads(sandbox: Sandbox, brCode: string) {
  const parsed = parsePix(brCode);
  expect(parsed).toMatchObject({ type: 'DYNAMIC', merchantName: 'SVC SANDBOX', merchantCity: 'SAO PAULO' });
  const url = (parsed as { url: string }).url;
  const fetched = await sandbox.app.inject({ method: 'GET', url: url.slice(url.indexOf('/')) });
  expect(fetched.statusCode).toBe(200);
  expect(fetched.headers['content-type']).toMatch(/^application\/jose/);
  const header = decodeProtectedHeader(fetched.body);
  expect(header).toMatchObject({ alg: 'PS256', kid: 'pix-1', jku: 'localhost:80/sandbox/v1/pix-jwks' });
  const jwks = (await sandbox.app.inject({ method: 'GET', url: '/sandbox/v1/pix-jwks' })).json();
  expect(JSON.stringify(jwks)).not.toMatch(/"d"|"p"|"q"/);
  const { payload } = await compactVerify(fetched.body, createLocalJWKSet(jwks));
  return JSON.parse(new TextDecoder().decode(payload));
}
