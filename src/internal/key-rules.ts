// TOKEN-FORMAT.md "Keys": the rules an RSA key must meet, on the page (public key) and on the
// service (private key) alike, and what the service says when one is broken. The messages are
// only imported by the service, so they never ship in dist/svc.js.

export const MIN_MODULUS_BITS = 2048;

/** What WebCrypto says of an imported RSA key (`key.algorithm`). */
interface RsaKeyShape {
  modulusLength: number;
  publicExponent: Uint8Array;
}

// Exponent 1 is the identity, an even one no permutation: tokens for it would be readable by anyone.
const safeExponent = (e: Uint8Array): boolean => !!(e[e.length - 1]! & 1) && e.reduce((v, b) => v * 256 + b) > 2;

/** True when an RSA key meets the rules: a modulus of at least 2048 bits, an odd exponent of at least 3. */
export const usableRsaKey = ({ modulusLength, publicExponent }: RsaKeyShape): boolean =>
  modulusLength >= MIN_MODULUS_BITS && safeExponent(publicExponent);

/** The rule a key broke, as the service's option errors say it; null when it broke none. */
export function rsaKeyProblem(key: RsaKeyShape): string | null {
  if (key.modulusLength < MIN_MODULUS_BITS) return `expected an RSA modulus of at least ${MIN_MODULUS_BITS} bits, got ${key.modulusLength}`;
  return safeExponent(key.publicExponent) ? null : 'expected an odd RSA public exponent >= 3 (65537 is usual)';
}
