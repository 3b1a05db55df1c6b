// The frame's keys come from its own origin only (issue 9): the JWKS named by
// <meta name="svc-jwks"> in the frame page (default /.well-known/svc-card/jwks.json), fetched
// without credentials. The parent can only pick a kid; it never hands over a key.
import type { PublicJwk } from '../../core/index.js';

export const DEFAULT_JWKS_PATH = '/.well-known/svc-card/jwks.json';

/** The JWKS's keys usable for the card token, or an empty list when it cannot be had. */
export async function loadKeys(doc: Document = document): Promise<PublicJwk[]> {
  // Delivered with the page by the frame host (createCardFrameHost): no request at all.
  const inline = doc.getElementById('svc-jwks')?.textContent;
  if (inline) return usable(JSON.parse(inline));
  const path = doc.querySelector<HTMLMetaElement>('meta[name="svc-jwks"]')?.content || DEFAULT_JWKS_PATH;
  const url = new URL(path, location.href);
  if (url.origin !== location.origin) return []; // the frame page itself is the only authority
  try {
    const response = await fetch(url, { credentials: 'omit', cache: 'no-cache' });
    return usable(response.ok ? await response.json() : null);
  } catch {
    return [];
  }
}

const usable = (jwks: unknown): PublicJwk[] => {
  const keys = (jwks as { keys?: unknown } | null)?.keys;
  return Array.isArray(keys) ? keys.filter((k): k is PublicJwk => (k as PublicJwk | null)?.use === 'enc') : [];
};

/** The key for `keyId` ('' picks the first), or undefined. encryptCard applies the key rules. */
export const pickKey = (keys: readonly PublicJwk[], keyId: string): PublicJwk | undefined =>
  keyId ? keys.find((key) => key.kid === keyId) : keys[0];
