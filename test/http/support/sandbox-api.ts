// The sandbox as README documents it (credential, company, captcha value, seeded
// charge), called over HTTP only: these tests hold for any implementation of it.
import type { DemoProcess } from '../../../test-support/demo-process.mjs';
import { PAID_CARD } from '../../../test-support/cards.mjs';
import { encryptInNode } from '../../../e2e/support/node-encrypt.js';
import { checkedFetch } from '../../sandbox/support/openapi-check.js';

export const API_KEY = 'sbx_demo.sandbox-secret-not-for-production';
export const COMPANY = 'company_demo';
export const CAPTCHA = 'sandbox-captcha-ok';
export const SEEDED_CHARGE = 'chg_demo_0001';
export const PRODUCT = 'prod_demo_monthly';

export interface Answer { status: number; body: any }

/** POSTs `body` as JSON (or as the raw text given) and reads the JSON answer, checked against the sandbox's /openapi.json. */
export async function postJson(base: string, path: string, body: unknown, headers: Record<string, string> = { apiKey: API_KEY }): Promise<Answer> {
  const { status, body: answer } = await checkedFetch(base, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status, body: answer ?? null };
}

/** A fresh token for the demo's key (a paid test card unless told). */
export const demoToken = (demo: DemoProcess, card: Record<string, string> = PAID_CARD) =>
  encryptInNode({ ...card, keyId: demo.keyId }, demo.publicKeyPem);

/** The field paths a part-7 error body names. */
export const fieldPaths = (body: any): string[] => (body?.error_messages ?? []).map((item: { path?: string }) => item.path);
