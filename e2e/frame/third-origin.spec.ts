// @engines all
// A third origin against the card frame (issue 9), in every engine. Forged messages: a merchant site embeds a
// widget of a third origin (e2e/pages/frame/forger.html, its origin added to the page's CSP
// frame-src by e2e/support/merchant-front.ts) that posts forged frame messages, with ports, to
// the merchant page and to every frame it can reach; the page itself posts forged commands
// straight to the card frame's window. Nothing changes, and the card then pays. Embedding: a
// page of the third origin cannot frame the card (CSP frame-ancestors names the merchant's).
import { PAID_CARD, PAID_PROFILE } from '../support/cards.mjs';
import { finalOutcome, LABELS, submit, typeCard } from '../support/checkout.js';
import { serverModule } from '../support/decrypt.js';
import { expect, test } from '../support/engine-fixture.js';
import type { EnginePage } from '../support/engine-page.js';
import { startFrontedDemo, type FrontedDemo } from '../support/merchant-front.js';
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';
import { inCard, openFrameCheckoutAt } from './engine-checkout.js';

let third: StaticServer; // 127.0.0.1 on its own port: neither the merchant's origin nor the frame's
let site: FrontedDemo;
test.beforeAll(async () => {
  third = await startStaticServer(process.cwd());
  site = await startFrontedDemo({ widget: `${third.url}/e2e/pages/frame/forger.html` });
});
test.afterAll(async () => {
  await site?.close();
  await third?.close();
});

const inWidget = <R>(page: EnginePage, read: () => R) => page.withinFrame(null, 'iframe[title="widget"]', (widget) => widget.evaluate(read));

test('forged messages from a third origin and to the frame window change nothing; the card still pays', async ({ enginePage: page }) => {
  await openFrameCheckoutAt(page, site.url);
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
    for (const type of ['svc-change', 'svc-brand', 'svc-encrypted', 'svc-error', 'svc-ready']) document.addEventListener(type, () => seen.push(type));
    (window as unknown as { encrypted: Promise<unknown> }).encrypted = new Promise((resolve) =>
      document.addEventListener('svc-encrypted', (e) => resolve((e as CustomEvent).detail), { once: true }));
  });
  await expect.poll(() => inWidget(page, () => (window as unknown as { forged: number }).forged), { timeout: 20_000 }).toBeGreaterThan(50);
  // The card frame sits in a shadow root: it is not in window.frames, only the widget is.
  expect(await inWidget(page, () => (window as unknown as { frameTargets: number }).frameTargets)).toBe(1);
  // Whoever holds the frame's window (here the page) posting to it directly: the frame listens to no window message.
  await page.evaluate(() => {
    const target = document.querySelector('svc-card-form')!.shadowRoot!.querySelector('iframe')!.contentWindow!;
    for (const message of [
      { v: 1, type: 'config', lang: 'en', strings: { numberLabel: 'FORGED' }, acceptedBrands: ['elo'], disabled: true, keyId: 'forged', style: {} },
      { v: 1, type: 'reset' }, { v: 1, type: 'encrypt', id: 1 }, { v: 1, type: 'focus', field: 'number' },
    ]) target.postMessage(message, '*');
  });
  await new Promise((done) => setTimeout(done, 1000)); // time for a forged message to act, if one could

  // Nothing moved: no event, no form value, still invalid, the frame's texts and fields untouched.
  expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
  const state = await page.evaluate(() => {
    const element = document.querySelector('svc-card-form')!;
    return { value: new FormData(document.getElementById('checkout') as HTMLFormElement).get('card'), valid: element.checkValidity(),
      height: element.getBoundingClientRect().height };
  });
  expect(state).toMatchObject({ value: null, valid: false });
  expect(state.height).toBeGreaterThan(300);
  expect(await inCard(page, (frame) => frame.byLabel(LABELS.en.number).isEnabled())).toBe(true);
  expect(await inWidget(page, () => (window as unknown as { received: unknown[] }).received)).toEqual([]);

  // The card, typed while the forgeries keep coming, pays with a token of what was typed.
  await inCard(page, (frame) => typeCard(frame, PAID_CARD));
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
  const { encryptedCard } = await page.evaluate(() => (window as unknown as { encrypted: Promise<{ encryptedCard: object }> }).encrypted);
  const decryptor = await (await serverModule()).createDecryptor({ keys: { v1: site.demo.keys.privateKeyPem } });
  expect((await decryptor.decrypt(encryptedCard)).paymentProfile).toEqual(PAID_PROFILE);
  expect(await inWidget(page, () => (window as unknown as { received: unknown[] }).received)).toEqual([]);
});

test('a page of another origin cannot embed the frame (frame-ancestors)', async ({ enginePage: page }) => {
  const { demo } = site;
  expect((await fetch(demo.frame.src)).headers.get('content-security-policy')).toContain(`frame-ancestors ${demo.url}`);
  await page.goto(`${third.url}/e2e/pages/frame/embed.html?src=${encodeURIComponent(demo.frame.src)}`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { loaded: boolean }).loaded)).toBe(true);
  // The refused frame never ran: no field in it, no hello with a port to the embedder.
  expect(await page.withinFrame(null, 'iframe', (frame) => frame.locator('input').count())).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
  // The same frame embedded by a merchant origin runs (the refusal above is frame-ancestors).
  await openFrameCheckoutAt(page, site.url);
  expect(await inCard(page, (frame) => frame.byLabel(LABELS.en.number).count())).toBe(1);
});
