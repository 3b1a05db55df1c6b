// A service that decrypts one token and has nothing left to do: run by rsa-workers.test.ts in
// its own process, which must then exit by itself (the RSA worker threads never keep it alive).
import { createDecryptor } from '../../../src/server/index.js';
import { readSharedKey } from '../../../test-support/shared-vectors.mjs';
import { tokenFor } from './cards.js';

const decryptor = await createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') } });
const { paymentProfile } = await decryptor.decrypt(await tokenFor(readSharedKey('rsa-2048-public.pem')));
console.log(paymentProfile.cardNumber);
