// Stand-ins the card frame's build puts in place of element modules (vite.config.ts, mode
// card-frame): the element in the frame never carries frame-src, has neither a name nor a
// form (the parent element submits the token), and gets its key from the JWKS a moment after
// it connects, so its setup check would warn "public-key: missing" on every load; its key's
// problems are the JWKS's, not a public-key attribute's. Typed as the modules they replace, so
// a change of their interface fails the type check here. Its keys are the JWKS's JWKs: no PEM is read.
import type { createFormOwner as CreateFormOwner } from '../../shared/form-owner.js';
import type { refuseFrameSrc as RefuseFrameSrc } from '../../element/frame-src.js';
import type { formValue as FormValue } from '../../shared/form-value.js';
import type { checkPublicKey as CheckPublicKey, warnSetup as WarnSetup } from '../../element/key-check.js';
import type { pemToSpki as PemToSpki } from '../../core/pem.js';
import { createFormlessOwner } from '../../shared/formless-owner.js';

// Not resolved to this file again: the stand-ins' own imports are left alone (vite.config.ts).
import { keyErrors } from '../../element/key-check.js';

/** No console line: a key the JWKS lacks reaches the page as svc-error, naming the JWKS. */
export const warnSetup: typeof WarnSetup = () => {};

/**
 * The frame's key is the JWKS's, never a public-key attribute (the merchant's page has none to
 * mend): a problem is named by the key-id asked and the frame's JWKS.
 */
export const checkPublicKey: typeof CheckPublicKey = async (publicKey, keyId) => {
  const errors = await keyErrors(publicKey, keyId);
  // A keyId error's message is "keyId: expected …": the key-id is named below, so its 7 characters go.
  const why = errors[0]?.field === 'keyId' ? errors[0].message.slice(7)
    : publicKey ? "the card frame's JWKS gives no RSA public key of 2048+ bits for it"
      : "no such encryption key in the card frame's JWKS, or the JWKS could not be loaded";
  return errors[0] ? { errors, message: `<svc-card-form> ${keyId ? `key-id "${keyId}"` : 'key-id (none: the first key)'}: ${why}` } : null;
};

/** The frame page's element has no frame-src attribute. */
export const refuseFrameSrc: typeof RefuseFrameSrc = () => {};

/** Without a name the form value is the token alone, as form-value.ts makes it; no FormData. */
export const formValue: typeof FormValue = (_name, token) => JSON.stringify(token);

/** No form to own: the hold (the page's payment keeps the frame's fields still) and reportValidity() remain. */
export const createFormOwner: typeof CreateFormOwner = createFormlessOwner;

/** The frame's keys are JWKs from its JWKS: a PEM is no key here (keys.ts never gives one). */
export const pemToSpki: typeof PemToSpki = () => null;
