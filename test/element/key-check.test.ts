// Setup mistakes caught early: <svc-card-form> checks public-key (and key-id) when connected
// and whenever they change, and tells a bad one at once: one svc-error INVALID_PUBLIC_KEY
// and one console.warn naming the attribute and the problem, never card data.
import { describe, expect, it } from 'vitest';
import type { SvcCardForm, SvcErrorDetail } from '../../src/element/index.js';
import { checkPublicKey } from '../../src/element/key-check.js';
import { recordWarnings } from './support/warnings.js';
import { mount, record, type } from './support/dom.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';

const publicKey = readSharedKey('rsa-2048-public.pem');

const warnings = recordWarnings();

/** Resolves once the element's check of its current key has run: both share the key import. */
async function checked(el: SvcCardForm): Promise<void> {
  await el.updateComplete;
  await checkPublicKey(el.publicKey, el.keyId);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

async function mountWith(attributes: Record<string, string>): Promise<{ el: SvcCardForm; errors: SvcErrorDetail[] }> {
  const el = document.createElement('svc-card-form');
  const errors = record<SvcErrorDetail>(el, 'svc-error');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  await checked(el);
  return { el, errors };
}

describe('<svc-card-form> key check', () => {
  it('says nothing about a good key, nor about one written with literal \\n escapes', async () => {
    const { errors } = await mountWith({ 'public-key': publicKey });
    const escaped = await mountWith({ 'public-key': publicKey.trim().replace(/\n/g, '\\n') });
    expect([...errors, ...escaped.errors]).toEqual([]);
    expect(warnings()).toEqual([]);
  });

  it.each([
    ['missing', {}, /^<svc-card-form> public-key: missing$/],
    ['not a PEM', { 'public-key': 'pk_test_123' }, /^<svc-card-form> public-key: not an RSA public key of 2048\+ bits in PEM or JWK$/],
    ['a private key', { 'public-key': readSharedKey('rsa-2048-private.pem') }, /^<svc-card-form> public-key: this is a private key: the page needs the public key/],
    ['a certificate', { 'public-key': publicKey.replace(/PUBLIC KEY/g, 'CERTIFICATE') }, /^<svc-card-form> public-key: this is a certificate/],
    ['RSA under 2048 bits', { 'public-key': readSharedKey('rsa-1024-public.pem') }, /public-key: not an RSA public key of 2048\+ bits/],
    ['a bad key-id', { 'public-key': publicKey, 'key-id': 'v 1' }, /^<svc-card-form> key-id: expected 1-64 of A-Za-z0-9._-/],
  ])('tells %s at once: one svc-error and one warning naming the attribute', async (_, attributes, words) => {
    const { errors } = await mountWith(attributes);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(words);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'INVALID_PUBLIC_KEY', message: warnings()[0] });
    expect(errors[0]!.errors.map((e) => e.code)).toEqual(['INVALID_PUBLIC_KEY']);
  });

  it('checks again when the key changes, never echoing the card typed so far', async () => {
    const el = await mount(`<svc-card-form public-key="${publicKey}"></svc-card-form>`);
    await type(el, 'holder', 'MARIA DA SILVA');
    await type(el, 'number', '4111111111111111');
    await type(el, 'securityCode', '737');
    const errors = record<SvcErrorDetail>(el, 'svc-error');
    el.publicKey = 'not a key';
    await checked(el);
    expect(warnings()).toHaveLength(1);
    const told = JSON.stringify([warnings(), errors]);
    for (const secret of ['MARIA', '4111', '1111', '737']) expect(told).not.toContain(secret);
  });

  it('only the latest key counts: a bad key replaced before its check ends is not told', async () => {
    const el = await mount();
    await checked(el); // the missing key at connection: told once
    el.publicKey = 'not a key';
    await el.updateComplete;
    el.publicKey = publicKey;
    await checked(el);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(/missing/);
  });
});
