// A hostile merchant page (issue 9): its first script (e2e/pages/frame/hostile.js) hooks every
// listener, setter, message and network path a page script can, offers its own public key and
// tries to read the frame. A card typed by keyboard, with the number pasted and the other
// fields autofill-inserted, is paid; nothing the script collected holds the number, any run of
// 6 of its digits, the code or the expiry; the token opens only with the JWKS key.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FrameLocator, Page } from '@playwright/test';
import { EXPIRY_SHOWN, PAID_CARD, PAID_NUMBER, PAID_PROFILE } from '../support/cards.mjs';
import { finalOutcome, submit, typeCard } from '../support/checkout.js';
import { serverModule } from '../support/decrypt.js';
import { ROOT } from '../support/paths.js';
import { blankTokens, cardFrame, expect, openFrameCheckout, SECRETS, test } from './fixture.js';

/** Serves the merchant page with hostile.js first in <head>, from the merchant's own origin. */
async function injectHostile(page: Page, origin: string, attackerKey: string, browserName: string): Promise<void> {
  // Chromium treats a document fulfilled by a route as a public page: its requests to the loopback
  // frame origin need the local-network-access permission a real loopback page does not.
  if (browserName === 'chromium') await page.context().grantPermissions(['local-network-access']);
  const script = readFileSync(resolve(ROOT, 'e2e/pages/frame/hostile.js'), 'utf8').replace("'ATTACKER_KEY'", JSON.stringify(attackerKey));
  await page.route(`${origin}/hostile.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: script }));
  await page.route((url) => url.origin === origin && url.pathname === '/', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('<head>', '<head><script src="/hostile.js"></script>');
    await route.fulfill({ response, body: html });
  });
}

/** An insert the way a browser reports paste or autofill: the whole value at once, one input event. */
async function insertWhole(frame: FrameLocator, label: string | RegExp, value: string, inputType: string): Promise<void> {
  await frame.getByLabel(label).evaluate((input: HTMLInputElement, { text, type }) => {
    input.focus();
    input.select();
    input.value = text;
    input.dispatchEvent(new InputEvent('input', { inputType: type, data: null, bubbles: true, composed: true }));
  }, { text: value, type: inputType });
}

/**
 * A real paste (Chromium: clipboard permission, then Ctrl+V into the frame's field). The clipboard
 * is written in another tab of another origin, never by the merchant page, as a customer copying
 * the number from elsewhere would. Firefox ESR grants no clipboard permission: there the paste is
 * the insert a browser reports for it (insertWhole).
 */
async function realPaste(page: Page, frame: FrameLocator, label: string, text: string, elsewhere: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const other = await page.context().newPage();
  await other.goto(elsewhere);
  await other.evaluate((value) => navigator.clipboard.writeText(value), text);
  await other.close();
  await page.bringToFront();
  await frame.getByLabel(label).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

test('nothing a hostile page collects holds card data, and its key is never used', async ({ page, demo, browserName }) => {
  const { createDecryptor, generateKeyPair } = await serverModule();
  const attacker = await generateKeyPair({ keyId: 'v1', bits: 2048 });
  await injectHostile(page, demo.url, attacker.publicKeyPem, browserName);
  await openFrameCheckout(page, demo);
  const frame = cardFrame(page);

  await typeCard(frame, PAID_CARD); // keyboard
  await insertWhole(frame, 'Card number', '', 'deleteContentBackward');
  if (browserName === 'chromium') await realPaste(page, frame, 'Card number', PAID_NUMBER, demo.sandboxUrl);
  else await insertWhole(frame, 'Card number', PAID_NUMBER, 'insertFromPaste');
  await insertWhole(frame, 'Name on card', PAID_CARD.holder, 'insertReplacementText');
  await insertWhole(frame, /^Expiry date/, EXPIRY_SHOWN, 'insertReplacementText');
  await insertWhole(frame, /^Security code/, PAID_CARD.securityCode, 'insertReplacementText');
  await expect(frame.getByLabel('Card number')).toHaveValue(PAID_CARD.number);
  await page.waitForTimeout(200); // a few rounds of the hostile timer with the card in the fields
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');

  const seen = await page.evaluate(() => (window as unknown as { __hostile: string[] }).__hostile);
  // The attacker's own PEM (random base64, recorded as the page offered it) is blanked like the tokens.
  const all = blankTokens(seen.join('\n')).replaceAll(JSON.stringify(attacker.publicKeyPem).slice(1, -1), 'ATTACKER_KEY');
  // The hooks were live: the page saw the frame's messages (flags, token) and its own key offers.
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
  const sent = seen.find((line) => line.startsWith('fetch:') && line.includes('/api/pay'))!;
  const token = JSON.parse(JSON.parse(sent.slice('fetch:'.length)).body).encryptedCard;
  const service = await createDecryptor({ keys: { v1: demo.keys.privateKeyPem } });
  expect((await service.decrypt(token)).paymentProfile).toEqual(PAID_PROFILE);
  const attackers = await createDecryptor({ keys: { v1: attacker.privateKeyPem } });
  await expect(attackers.decrypt(token)).rejects.toMatchObject({ code: 'TOKEN_UNDECRYPTABLE' });
});
