// API reference part 5: the `apiKey` header `<KEY_ID>.<SECRET>` authenticates;
// a missing or wrong one is 401 `unauthorized`, a missing permission or a
// company outside the credential's set is 403 `forbidden`.
import { timingSafeEqual, createHash } from 'node:crypto';

const digest = (text) => createHash('sha256').update(text).digest();

/** Returns the credential for the request, or `{status, msg}` explaining the refusal. */
export function authenticate(headers, credentials) {
  const apiKey = headers.apikey; // Node lower-cases header names
  if (typeof apiKey !== 'string' || apiKey === '') {
    const msg = headers.token
      ? 'the sandbox does not issue JWTs: send the apiKey header <KEY_ID>.<SECRET>'
      : 'missing apiKey header (<KEY_ID>.<SECRET>)';
    return { status: 401, msg };
  }
  const dot = apiKey.indexOf('.');
  const keyId = dot > 0 ? apiKey.slice(0, dot) : '';
  const credential = credentials.find((c) => c.keyId === keyId);
  // Compare digests so the comparison time does not depend on the secret's length or content.
  if (!credential || !timingSafeEqual(digest(apiKey.slice(dot + 1)), digest(credential.secret)))
    return { status: 401, msg: 'invalid apiKey' };
  return { credential };
}

/** Rules 5 and 6 of part 5: permission per resource, then company scope. */
export function authorize(credential, permission, companyId) {
  if (!credential.permissions.includes(permission))
    return { status: 403, msg: `the credential lacks the ${permission} permission` };
  if (typeof companyId === 'string' && !credential.companies.includes(companyId))
    return { status: 403, msg: 'the credential has no access to this companyId' };
  return null;
}
