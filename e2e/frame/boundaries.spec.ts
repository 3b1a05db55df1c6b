// The frame's boundaries against a third origin (issue 9): forged messages posted to the
// merchant page and to the card frame change nothing, and a page of another origin cannot
// embed the frame (CSP frame-ancestors names the merchant only).
import type { Page } from '@playwright/test';
import { PAID_CARD, PAID_PROFILE } from '../support/cards.mjs';
import { finalOutcome, submit, typeCard } from '../support/checkout.js';
import { serverModule } from '../support/decrypt.js';
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';
import { cardFrame, expect, openFrameCheckout, test } from './fixture.js';

let third: StaticServer; // 127.0.0.1 on its own port: neither the merchant's origin nor the frame's
test.beforeAll(async () => { third = await startStaticServer(process.cwd()); });
test.afterAll(async () => third?.close());

/** The merchant page, its frame-src widened to the third origin so a widget of it can be embedded. */
async function allowThirdOriginWidget(page: Page, origin: string, browserName: string): Promise<void> {
  if (browserName === 'chromium') await page.context().grantPermissions(['local-network-access']);
  await page.route((url) => url.origin === origin && url.pathname === '/', async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    headers['content-security-policy'] = headers['content-security-policy']!.replace('frame-src ', `frame-src ${third.url} `);
    await route.fulfill({ response, headers });
  });
}

test('forged messages from a third origin change nothing; the card still pays', async ({ page, demo, browserName }) => {
  await allowThirdOriginWidget(page, demo.url, browserName);
  await openFrameCheckout(page, demo);
  const events: string[] = await page.evaluate(() => {
    const seen: string[] = [];
    for (const type of ['svc-change', 'svc-brand', 'svc-encrypted', 'svc-error', 'svc-ready']) document.addEventListener(type, () => seen.push(type));
    (window as unknown as { seen: string[] }).seen = seen;
    return seen;
  });
  expect(events).toEqual([]);
  await page.evaluate((src) => {
    const widget = document.createElement('iframe');
    widget.title = 'widget';
    widget.src = src;
    document.body.append(widget);
  }, `${third.url}/e2e/pages/frame/forger.html`);
  const forger = () => page.frames().find((frame) => frame.url().includes('forger.html'))!;
  await expect.poll(() => forger()?.evaluate(() => (window as unknown as { forged: number }).forged) ?? 0).toBeGreaterThan(50);
  // The card frame, inside a shadow root, is not even in window.frames: only the forger itself is.
  expect(await forger().evaluate(() => (window as unknown as { frameTargets: number }).frameTargets)).toBe(1);
  // Whoever holds the frame's window (here the page) posting to it directly: the frame listens to no window message.
  await page.evaluate(() => {
    const target = document.querySelector('svc-card-form')!.shadowRoot!.querySelector('iframe')!.contentWindow!;
    for (const message of [
      { v: 1, type: 'config', lang: 'en', strings: { numberLabel: 'FORGED' }, acceptedBrands: ['elo'], disabled: true, keyId: 'forged', style: {} },
      { v: 1, type: 'reset' }, { v: 1, type: 'encrypt', id: 1 }, { v: 1, type: 'focus', field: 'number' },
    ]) target.postMessage(message, '*');
  });

  // Nothing moved: no event, no form value, still invalid, the frame's texts and fields untouched.
  expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
  const state = await page.evaluate(() => {
    const element = document.querySelector('svc-card-form')!;
    return { value: new FormData(document.getElementById('checkout') as HTMLFormElement).get('card'), valid: element.checkValidity(),
      height: element.getBoundingClientRect().height };
  });
  expect(state).toMatchObject({ value: null, valid: false });
  expect(state.height).toBeGreaterThan(300);
  await expect(cardFrame(page).getByLabel('Card number')).toBeEnabled();
  expect(await forger().evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);

  // And the card, typed while the forgeries keep coming, pays with a token of what was typed.
  const detail = page.evaluate(() => new Promise<{ encryptedCard: object }>((resolve) =>
    document.addEventListener('svc-encrypted', (e) => resolve((e as CustomEvent).detail), { once: true })));
  await typeCard(cardFrame(page), PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
  const decryptor = await (await serverModule()).createDecryptor({ keys: { v1: demo.keys.privateKeyPem } });
  expect((await decryptor.decrypt((await detail).encryptedCard)).paymentProfile).toEqual(PAID_PROFILE);
  expect(await forger().evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
});

test('a page of another origin cannot embed the frame (frame-ancestors)', async ({ page, demo }) => {
  const src = encodeURIComponent(demo.frame.src);
  await page.goto(`${third.url}/e2e/pages/frame/embed.html?src=${src}`);
  await page.waitForFunction(() => (window as unknown as { loaded: boolean }).loaded);
  const response = await page.request.get(demo.frame.src);
  expect(response.headers()['content-security-policy']).toContain(`frame-ancestors ${demo.url}`);
  // The refused frame never ran: no field in it, no hello with a port to the embedder.
  await expect(page.frameLocator('iframe').locator('input')).toHaveCount(0);
  await page.waitForTimeout(1000);
  expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
  // The same page and frame, embedded by the merchant's origin, does run (the refusal above is frame-ancestors).
  await openFrameCheckout(page, demo);
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
});
