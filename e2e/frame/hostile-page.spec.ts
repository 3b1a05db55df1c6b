// @engines all
// A hostile merchant page (issue 9), in every engine: a merchant site serves the checkout with
// a first script (e2e/pages/frame/hostile.js, e2e/support/merchant-front.ts) that hooks every
// listener, setter, message and network path a page script can, offers its own public key and
// tries to read the frame. A card typed by keyboard, its number then pasted (copied in a tab of
// another site) and the other fields autofill-inserted, is paid; nothing the script collected
// holds the number, any run of 6 of its digits, the code or the expiry; the token opens only
// with the frame origin's JWKS key.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EXPIRY_SHOWN, PAID_CARD, PAID_NUMBER, PAID_PROFILE } from '../support/cards.mjs';
import { finalOutcome, LABELS, submit, typeCard } from '../support/checkout.js';
import { serverModule } from '../support/decrypt.js';
import { expect, test } from '../support/engine-fixture.js';
import { startFrontedDemo, type FrontedDemo } from '../support/merchant-front.js';
import { ROOT } from '../support/paths.js';
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';
import { inCard, insertWhole, openFrameCheckoutAt } from './engine-checkout.js';
import { blankTokens, SECRETS } from './fixture.js';

type KeyPair = Awaited<ReturnType<Awaited<ReturnType<typeof serverModule>>['generateKeyPair']>>;
let attacker: KeyPair;
let site: FrontedDemo;
let elsewhere: StaticServer; // another site, where the customer copies the number from
test.beforeAll(async () => {
  attacker = await (await serverModule()).generateKeyPair({ keyId: 'v1', bits: 2048 });
  const hostile = readFileSync(resolve(ROOT, 'e2e/pages/frame/hostile.js'), 'utf8').replace("'ATTACKER_KEY'", JSON.stringify(attacker.publicKeyPem));
  site = await startFrontedDemo({ firstScript: hostile });
  elsewhere = await startStaticServer(process.cwd());
});
test.afterAll(async () => {
  await site?.close();
  await elsewhere?.close();
});

test('nothing a hostile page collects holds card data, and its key is never used', async ({ enginePage: page }) => {
  await openFrameCheckoutAt(page, site.url);
  // The first script ran before anything else of the page (the frame-mode script is the next one).
  expect(await page.evaluate(() => document.querySelector('head script')?.getAttribute('src'))).toBe('/first.js');

  await inCard(page, (frame) => typeCard(frame, PAID_CARD)); // keyboard
  await page.setClipboard(PAID_NUMBER, `${elsewhere.url}/e2e/pages/plain.html`);
  await inCard(page, async (frame) => {
    const number = frame.byLabel(LABELS.en.number);
    await number.clear();
    await expect.poll(() => number.value()).toBe('');
    await number.focus();
    await frame.keyboard.paste(); // a real Ctrl+V
    await expect.poll(() => number.value()).toBe(PAID_CARD.number);
    await insertWhole(frame.byLabel(LABELS.en.holder), PAID_CARD.holder, 'insertReplacementText');
    await insertWhole(frame.byLabel(LABELS.en.expiry), EXPIRY_SHOWN, 'insertReplacementText');
    await insertWhole(frame.byLabel(LABELS.en.code), PAID_CARD.securityCode, 'insertReplacementText');
  });
  await new Promise((done) => setTimeout(done, 300)); // a few rounds of the hostile timer with the card in the fields
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');

  const seen = await page.evaluate(() => (window as unknown as { __hostile: string[] }).__hostile);
  // The attacker's own PEM (random base64, recorded as the page offered it) is blanked like the tokens.
  const all = blankTokens(seen.join('\n')).replaceAll(JSON.stringify(attacker.publicKeyPem).slice(1, -1), 'ATTACKER_KEY');
  // The hooks were live: the page saw the frame's messages (flags, token), its own key offers, the payment.
  expect(seen.some((line) => line.startsWith('port-in:') && line.includes('"type":"change"'))).toBe(true);
  expect(seen.some((line) => line.startsWith('port-out:') && line.includes('"publicKey":"-----BEGIN PUBLIC KEY-----'))).toBe(true);
  expect(seen.some((line) => line.startsWith('fetch:') && line.includes('/api/pay'))).toBe(true);
  // The frame's document was never readable (before its src was set, only the initial about:blank).
  const reads = seen.filter((line) => line.startsWith('frame-'));
  expect(reads.some((line) => /^frame-(document:null|window-blocked:SecurityError)/.test(line))).toBe(true);
  expect(reads.filter((line) => /<input|svc-card-form|frame-inputs:\[(?!\])/i.test(line))).toEqual([]);
  const lines = all.split('\n');
  for (const secret of SECRETS) expect(lines.filter((line) => line.includes(secret)), `hostile page saw ${secret}`).toEqual([]);

  // The token the page sent opens with the JWKS (demo) key, never with the page's own.
  const { createDecryptor } = await serverModule();
  const sent = seen.find((line) => line.startsWith('fetch:') && line.includes('/api/pay'))!;
  const token = JSON.parse(JSON.parse(sent.slice('fetch:'.length)).body).encryptedCard;
  const service = await createDecryptor({ keys: { v1: site.demo.keys.privateKeyPem } });
  expect((await service.decrypt(token)).paymentProfile).toEqual(PAID_PROFILE);
  const attackers = await createDecryptor({ keys: { v1: attacker.privateKeyPem } });
  await expect(attackers.decrypt(token)).rejects.toMatchObject({ code: 'TOKEN_UNDECRYPTABLE' });
});
