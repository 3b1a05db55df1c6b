// The IIFE on a plain page in WebKitGTK: global svc, the six error codes (and the
// shared validation vectors), and a token the project's decryptor accepts.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readSharedKey, validationVectors } from '../../test-support/shared-vectors.mjs';
import { PAID_CARD, PAID_PROFILE } from '../support/cards.mjs';
import { equal, truthy } from './assert.mjs';

const SIX = ['INVALID_HOLDER', 'INVALID_NUMBER', 'INVALID_EXPIRATION_MONTH', 'INVALID_EXPIRATION_YEAR', 'INVALID_SECURITY_CODE', 'INVALID_PUBLIC_KEY'];

/** Calls svc.encryptCard(input) in the page; the result comes back as JSON text. */
const encryptInPage = (driver, input) =>
  driver.executeAsyncScript(`
    const done = arguments[arguments.length - 1];
    svc.encryptCard(arguments[0]).then((r) => done(JSON.stringify(r)), (e) => done(JSON.stringify({ thrown: String(e) })));
  `, input).then(JSON.parse);

const openPlainPage = ({ driver, filesUrl }) => driver.get(`${filesUrl}/e2e/pages/plain.html`);

export const iifeTests = [
  ['IIFE: defines the global svc with encryptCard', async (context) => {
    await openPlainPage(context);
    equal(await context.driver.executeScript('return typeof (window.svc && svc.encryptCard)'), 'function', 'typeof svc.encryptCard');
  }],
  ['IIFE: reports the six error codes in order', async (context) => {
    await openPlainPage(context);
    const result = await encryptInPage(context.driver, { publicKey: 'not a key', holder: ' ', number: '4111', expMonth: '13', expYear: '30', securityCode: '12' });
    equal(result.hasErrors, true, 'hasErrors');
    equal(result.errors.map((e) => e.code), SIX, 'codes');
  }],
  ['IIFE: gives every shared validation vector its codes', async (context) => {
    await openPlainPage(context);
    for (const c of validationVectors()) equal((await encryptInPage(context.driver, c.input)).errors.map((e) => e.code), c.errors, c.name);
  }],
  ['IIFE: makes a token the decryptor accepts', async (context) => {
    await openPlainPage(context);
    const publicKey = readSharedKey('rsa-2048-public.pem');
    const result = await encryptInPage(context.driver, { ...PAID_CARD, publicKey });
    truthy(result.encryptedCard, `a token, got ${JSON.stringify(result)}`);
    const { createDecryptor } = await import(pathToFileURL(resolve(context.root, 'dist/server.js')).href);
    const decryptor = await createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') } });
    const opened = await decryptor.decrypt(result.encryptedCard);
    equal(opened.paymentProfile, PAID_PROFILE, 'paymentProfile');
  }],
];
