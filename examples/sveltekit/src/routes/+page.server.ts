// Rendered on the server at each request, with the order and the service's public key.
import { brl, ORDER, settings } from '$lib/server/shop';

export function load() {
  const { publicKey, keyId } = settings();
  return { publicKey, keyId, order: `${ORDER.description}: ${brl(ORDER.cents)}`, amount: brl(ORDER.cents) };
}
