// @engines all
// Frame mode inside a component tree (issue 41 item 6), in every engine: a client-rendered
// <svc-card-form frame-src> in another component's shadow root, as Lit, Stencil, Angular's
// ShadowDom and Salesforce's components put it (e2e/pages/frame/shadow-root.js), one and two
// shadow roots deep. It becomes ready, the card typed in its frame is encrypted, and the form
// inside the shadow root submits the token, which the service decrypts to the card typed.
import { PAID_CARD, PAID_PROFILE } from '../support/cards.mjs';
import { typeCard } from '../support/checkout.js';
import { decryptWithSharedKey } from '../support/decrypt.js';
import { expect, test } from '../support/engine-fixture.js';
import { startFrameHost, type FrameHost } from '../support/frame-host.js';
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';
import { inCard } from './engine-checkout.js';
import { blankTokens, SECRETS } from './fixture.js';

type Seen = { events: { type: string; detail: Record<string, unknown> }[]; submits: Record<string, string>[] };

let merchant: StaticServer; // the merchant page on 127.0.0.1, the card frame on localhost (another site)
let frame: FrameHost;
test.beforeAll(async () => {
  merchant = await startStaticServer(process.cwd());
  frame = await startFrameHost(merchant.url);
});
test.afterAll(async () => {
  await frame?.close();
  await merchant?.close();
});

for (const depth of [1, 2]) {
  test(`in ${depth === 1 ? 'a component\'s shadow root' : 'two nested shadow roots'}: ready, encrypts, and the form there gets the token`, async ({ enginePage: page }) => {
    await page.goto(`${merchant.url}/e2e/pages/frame/shadow-root.html?${new URLSearchParams({ depth: String(depth), frame: frame.src })}`);
    const seen = () => page.evaluate(() => (window as unknown as { seen: Seen }).seen);
    await expect.poll(async () => (await seen()).events.map((e) => e.type), { timeout: 20_000 }).toContain('svc-ready');
    // The element is where the component put it, not in the document's light tree.
    expect(await page.evaluate(() => document.querySelector('svc-card-form'))).toBeNull();

    await inCard(page, (card) => typeCard(card, PAID_CARD));
    await page.byRole('button', { name: 'Pay' }).click();
    await expect.poll(async () => (await seen()).submits.length).toBe(1);
    const { submits, events } = await seen();
    expect(events.filter((e) => e.type === 'svc-error')).toEqual([]);
    const token = JSON.parse(submits[0]!.card!);
    expect(events.filter((e) => e.type === 'svc-encrypted').map((e) => e.detail.encryptedCard)).toEqual([token]);
    expect((await decryptWithSharedKey(token)).paymentProfile).toEqual(PAID_PROFILE);
    // The card stayed in the frame: nothing of it in the page's trees, its shadow roots included, nor in what it was told.
    const markup = await page.evaluate(() => {
      const serialize = (root: Document | ShadowRoot): string => [root === document ? document.documentElement.outerHTML : (root as ShadowRoot).innerHTML,
        ...[...root.querySelectorAll('*')].flatMap((element) => (element.shadowRoot ? [serialize(element.shadowRoot)] : []))].join('\n');
      return serialize(document);
    });
    // The iframe's fragment holds its random channel id, blanked as the token's members are (fixture.ts),
    // and the markup random ports and pixel sizes: a port 37123 held the code "123" (one Firefox run in ten).
    const shown = markup.replace(/channel=[0-9a-f]+/g, 'channel').replace(/(:|%3A)\d+/gi, '$1port').replace(/[\d.]+px/g, 'px');
    const told = blankTokens(`${shown}\n${JSON.stringify({ submits, events })}`);
    for (const secret of SECRETS) expect(told).not.toContain(secret);
  });
}
