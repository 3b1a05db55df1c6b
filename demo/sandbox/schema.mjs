// A small declarative body validator: each rule names a dotted path and what it
// must be; every failing field becomes one part-7 `error_messages` item.
import { fieldError } from './errors.mjs';

export const PAYMENT_METHODS = ['CREDIT_CARD', 'DEBIT_CARD', 'BOLETO', 'PIX'];
export const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

const DESCRIBE = {
  string: 'a string',
  nonEmptyString: 'a non-empty string',
  integer: 'an integer',
  boolean: 'a boolean',
  number: 'a number',
  object: 'an object',
  array: 'an array',
};

const TYPE_OK = {
  string: (v) => typeof v === 'string',
  nonEmptyString: (v) => typeof v === 'string' && v.trim() !== '',
  integer: (v) => Number.isSafeInteger(v),
  boolean: (v) => typeof v === 'boolean',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  object: isObject,
  array: Array.isArray,
};

const typeName = (value) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' && !Number.isInteger(value) ? 'a fraction' : typeof value;

/**
 * One rule: `{path, type, required?, min?, max?, oneOf?}`. Returns the field error or null.
 * Messages say what was expected and the type that came, never the value itself.
 */
export function checkRule(object, rule) {
  const value = isObject(object) ? object[rule.key ?? rule.path.split('.').pop()] : undefined;
  if (value === undefined) return rule.required ? fieldError(rule.path, `${rule.path} is required`) : null;
  if (!TYPE_OK[rule.type](value))
    return fieldError(rule.path, `${rule.path} must be ${DESCRIBE[rule.type]}, got ${typeName(value)}`);
  if (rule.min !== undefined && value < rule.min)
    return fieldError(rule.path, `${rule.path} must be at least ${rule.min}`);
  if (rule.max !== undefined && value > rule.max)
    return fieldError(rule.path, `${rule.path} must be at most ${rule.max}`);
  if (rule.oneOf && !rule.oneOf.includes(value))
    return fieldError(rule.path, `${rule.path} must be one of ${rule.oneOf.join(', ')}`);
  return null;
}

/** Applies rules to one object; `prefix` makes nested paths like `client.doc`. */
export function checkAll(object, rules, prefix = '') {
  return rules
    .map((rule) => checkRule(object, { ...rule, key: rule.path, path: prefix + rule.path }))
    .filter(Boolean);
}

const PROFILE_RULES = ['cardNumber', 'cardExpiration', 'holderName', 'cardCvv'].map((path) => ({
  path,
  type: 'nonEmptyString',
  required: true,
}));

/**
 * The card of a paying request: exactly one of `token` (2.7) and `paymentProfile` (4.3).
 * Both together name both paths; the token's own shape is judged by the decryptor.
 */
export function checkCard(body, { required }) {
  const hasToken = body.token !== undefined;
  const hasProfile = body.paymentProfile !== undefined;
  if (hasToken && hasProfile) {
    const msg = 'send either token or paymentProfile, never both';
    return [fieldError('token', msg), fieldError('paymentProfile', msg)];
  }
  if (!hasToken && !hasProfile)
    return required ? [fieldError('token', 'token (or paymentProfile) is required for a card payment')] : [];
  if (hasToken) return isObject(body.token) ? [] : [fieldError('token', `token must be an object, got ${typeName(body.token)}`)];
  if (!isObject(body.paymentProfile))
    return [fieldError('paymentProfile', `paymentProfile must be an object, got ${typeName(body.paymentProfile)}`)];
  const errors = checkAll(body.paymentProfile, PROFILE_RULES, 'paymentProfile.');
  if (!errors.length && !/^(0[1-9]|1[0-2])\/\d{4}$/.test(body.paymentProfile.cardExpiration))
    errors.push(fieldError('paymentProfile.cardExpiration', 'paymentProfile.cardExpiration must be MM/YYYY'));
  return errors;
}

/** Inline client (4.3): `name`, `doc` (or `cpf`), `email`; the document is mandatory when given. */
export function checkClient(client) {
  if (client === undefined) return [];
  if (!isObject(client)) return [fieldError('client', `client must be an object, got ${typeName(client)}`)];
  const errors = checkAll(client, [
    { path: 'name', type: 'nonEmptyString', required: true },
    { path: 'email', type: 'string' },
    { path: 'doc', type: 'string' },
    { path: 'cpf', type: 'string' },
  ], 'client.');
  // Only a string is read as a document (never String(value): `{"toString":1}` throws);
  // a document of the wrong type was named above already.
  const doc = client.doc ?? client.cpf;
  const digits = typeof doc === 'string' ? doc.replace(/\D/g, '').length : 0;
  const typeNamed = errors.some((error) => error.path === 'client.doc' || error.path === 'client.cpf');
  if (!typeNamed && digits !== 11 && digits !== 14)
    errors.push(fieldError('client.doc', 'client.doc is required: a CPF (11 digits) or CNPJ (14 digits)'));
  return errors;
}

/** `split` (4.3): `active` boolean and `rules` of recipient company, percentage and fee flags. */
export function checkSplit(split) {
  if (split === undefined) return [];
  if (!isObject(split)) return [fieldError('split', `split must be an object, got ${typeName(split)}`)];
  const errors = checkAll(split, [{ path: 'active', type: 'boolean' }, { path: 'rules', type: 'array' }], 'split.');
  if (!Array.isArray(split.rules)) return errors;
  split.rules.forEach((rule, index) => {
    const prefix = `split.rules[${index}].`;
    if (!isObject(rule)) return errors.push(fieldError(prefix.slice(0, -1), `${prefix.slice(0, -1)} must be an object`));
    errors.push(...checkAll(rule, [
      { path: 'companyId', type: 'nonEmptyString', required: true },
      { path: 'percentage', type: 'number', required: true, min: 0, max: 100 },
      { path: 'chargeProcessingFee', type: 'boolean' },
      { path: 'chargeRecipientProcessingFee', type: 'boolean' },
    ], prefix));
  });
  return errors;
}
