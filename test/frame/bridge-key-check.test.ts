// @vitest-environment happy-dom
// The frame's bridge (src/frame/page/bridge.ts) and the element's connect-time key check: inside
// the frame the element is connected before the JWKS key is handed to it, so its check sees no
// key. That "missing" is the frame's timing, not the merchant's mistake: it must not reach the
// page as svc-error. A key-id the JWKS cannot give still must, and a bad JWKS key too.
import { createPublicKey } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/element/define.js';
import type { PublicJwk } from '../../src/core/index.js';
import type { SvcCardForm } from '../../src/element/index.js';
import { checkPublicKey } from '../../src/element/key-check.js';
import { bridge } from '../../src/frame/page/bridge.js';
import { message } from '../../src/frame/protocol.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';

const config = { lang: 'en', strings: {}, acceptedBrands: [], disabled: false, style: {}, installments: [], amount: 0, holderDocument: false };

/** A JWK of a test vectors' public key, as the frame origin's JWKS serves it. */
const jwkOf = (file: string, kid: string) =>
  ({ ...createPublicKey(readSharedKey(file)).export({ format: 'jwk' }), alg: 'RSA-OAEP-256', use: 'enc', kid }) as PublicJwk;

/** The frame's end of the port: what the bridge sent, and a way to post it parent messages. */
function fakePort() {
  const sent: { type: string; code?: string }[] = [];
  const port = { postMessage: (data: { type: string; code?: string }) => sent.push(data), onmessage: null as ((event: { data: unknown }) => void) | null };
  const post = (type: string, body: Record<string, unknown>) => port.onmessage!({ data: message(type, body) });
  return { port: port as unknown as MessagePort, sent, post, errors: () => sent.filter((m) => m.type === 'error') };
}

/** Resolves once the element's check of its current key has run (both share the key import). */
async function checked(el: SvcCardForm): Promise<void> {
  await el.updateComplete;
  await checkPublicKey(el.publicKey, el.keyId);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** An element bridged before it is connected, as in the frame page, with a JWKS we resolve. */
async function framed() {
  const el = document.createElement('svc-card-form');
  const link = fakePort();
  let giveKeys!: (keys: PublicJwk[]) => void;
  const connect = bridge(el, new Promise((resolve) => (giveKeys = resolve)));
  document.body.append(el); // the connect-time check: no key yet
  await checked(el);
  // The parent's first message connects the port (handshake.ts), the others come over it.
  let connected = false;
  const post = (type: string, body: Record<string, unknown>) => {
    if (connected) return link.post(type, body);
    connected = true;
    connect(link.port, message(type, body));
  };
  return { el, ...link, post, giveKeys };
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('frame bridge: the connect-time key check', () => {
  it('does not forward the "missing key" of the check that runs before the JWKS key is given', async () => {
    const { el, post, giveKeys, errors } = await framed();
    expect(errors()).toEqual([]);
    post('config', { ...config, keyId: 'v1' });
    giveKeys([jwkOf('rsa-2048-public.pem', 'v1')]);
    await vi.waitFor(() => expect(el.keyId).toBe('v1'));
    await checked(el);
    expect(el.publicKey).toMatchObject({ kid: 'v1' });
    expect(errors()).toEqual([]);
  });

  it('forwards the error of a key-id the JWKS cannot give', async () => {
    const { el, post, giveKeys, errors } = await framed();
    post('config', { ...config, keyId: 'v9' });
    giveKeys([jwkOf('rsa-2048-public.pem', 'v1')]);
    await vi.waitFor(() => expect(el.keyId).toBe('v9'));
    await checked(el);
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toMatchObject({ code: 'INVALID_PUBLIC_KEY' });
  });

  it('forwards the error of a JWKS key the element refuses (RSA under 2048 bits)', async () => {
    const { el, post, giveKeys, errors } = await framed();
    post('config', { ...config, keyId: 'v1' });
    giveKeys([jwkOf('rsa-1024-public.pem', 'v1')]);
    await vi.waitFor(() => expect(el.publicKey).toMatchObject({ kid: 'v1' }));
    await checked(el);
    expect(errors().map((m) => m.code)).toEqual(['INVALID_PUBLIC_KEY']);
  });
});
