// Random hex for ids (records, events, the simulated acquirer's tid): node:crypto's CSPRNG, read
// a pool at a time. randomBytes(12) per id went into C++ for 12 bytes, several times a payment:
// about 3% of a POST /v1/transaction's CPU on its event loop (session 36's profile).
import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let next = POOL_BYTES;

/** `bytes` fresh random bytes (at most the pool's size) as lower-case hex, 2 characters a byte. */
export function randomHex(bytes: number): string {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > POOL_BYTES) throw new RangeError(`randomHex: 1 to ${POOL_BYTES} bytes, got ${bytes}`);
  if (next + bytes > POOL_BYTES) {
    randomFillSync(pool);
    next = 0;
  }
  const hex = pool.toString('hex', next, next + bytes);
  next += bytes; // never handed out twice
  return hex;
}
