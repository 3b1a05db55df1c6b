// @engines chromium firefox
// The frame's first render is the page's (issue 27 "No blank frame"): the parent puts its config
// message in the frame URL's fragment, beside the channel; the frame checks it as a port message and
// renders with it from its first render, before any message from the parent: the page's language,
// plans and CPF field. Ready waits for the port's config, which carries the page's style (its font
// sets the height ready gives the iframe: steady-layout, "svc-ready gives the iframe the height...").
// A config the schema refuses in the fragment is dropped: the frame waits for the parent's.
import { message } from '../../src/frame/protocol.js';
import { PAID_CARD } from '../support/cards.mjs';
import { finalOutcome, submit, typeCard } from '../support/checkout.js';
import { cardFrame, cardFrameDocument, expect, openFrameCheckout, test } from './fixture.js';

// In the card frame: the port messages it sends and receives, in order.
function recordPort() {
  if (window === window.top) return;
  const seen: string[] = ((window as any).portLog = []);
  const post = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (this: MessagePort, data: any, ...rest: any[]) {
    seen.push(`sent ${data?.type}`);
    return (post as any).call(this, data, ...rest);
  };
  const handler = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!;
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    configurable: true, get: handler.get,
    set(listener) {
      this.addEventListener('message', (event: MessageEvent) => seen.push(`received ${event.data?.type}`));
      handler.set!.call(this, listener);
    },
  });
}

test('the frame renders the page\'s config before any message from the page, says ready once it has the page\'s style, and pays', async ({ page, demo }) => {
  await page.addInitScript(recordPort);
  await openFrameCheckout(page, demo, 'en');
  const frame = cardFrameDocument(page);
  const log = await frame.evaluate(() => (window as any).portLog as string[]);
  expect(log.slice(0, log.indexOf('sent ready') + 1)).toEqual(['received config', 'sent change', 'sent change', 'sent ready']);
  // The page's config, from the first render: English, the plans and the CPF field.
  expect(await frame.evaluate(() => {
    const root = document.querySelector('svc-card-form')!.shadowRoot!;
    return { lang: document.documentElement.lang, plans: !!root.querySelector('select'), document: !!root.getElementById('holderDocument') };
  })).toEqual({ lang: 'en', plans: true, document: true });
  await typeCard(cardFrame(page), PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
});

test('a config in the fragment the schema refuses is dropped: the frame waits for the page\'s config over the port', async ({ page, demo }) => {
  await page.addInitScript(recordPort);
  // The page's script sets a fragment config with a member no config has (a key) before its own.
  const bad = JSON.stringify(message('config', { publicKey: 'x' }));
  await page.addInitScript((config) => {
    if (window !== window.top) return;
    const src = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'src')!;
    Object.defineProperty(HTMLIFrameElement.prototype, 'src', {
      configurable: true, get: src.get,
      set(value: string) {
        const url = new URL(value);
        const params = new URLSearchParams(url.hash.slice(1));
        if (params.has('config')) params.set('config', config);
        url.hash = params.toString();
        src.set!.call(this, url.href);
      },
    });
  }, bad);
  await openFrameCheckout(page, demo, 'en');
  const log = await cardFrameDocument(page).evaluate(() => (window as any).portLog as string[]);
  expect(log.indexOf('received config')).toBeGreaterThanOrEqual(0);
  expect(log.indexOf('received config')).toBeLessThan(log.indexOf('sent ready'));
});

test('the demo page builds no Intl.NumberFormat while it loads: its ICU set-up held the frame\'s hello', async ({ page, demo }) => {
  // A page's first currency NumberFormat took 15 to 76 ms of the main thread (fresh Chromium pages,
  // loaded machine), in checkout.js at DOMContentLoaded, when the frame's hello comes.
  await page.addInitScript(() => {
    if (window !== window.top) return;
    const built: string[] = ((window as any).built = []);
    const NumberFormat = Intl.NumberFormat;
    Intl.NumberFormat = function (this: unknown, ...args: any[]) {
      built.push(document.readyState);
      return new (NumberFormat as any)(...args);
    } as any;
    document.addEventListener('DOMContentLoaded', () => setTimeout(() => ((window as any).loaded = built.length)));
  });
  await openFrameCheckout(page, demo, 'en');
  await page.waitForFunction(() => (window as any).loaded !== undefined);
  expect(await page.evaluate(() => (window as any).loaded)).toBe(0);
});

test('an element upgraded with its attributes sends the frame one config, whole: the plans from the first render', async ({ page, demo }) => {
  // An upgrade gives the attributes one by one before connectedCallback (markup parsed before the
  // element's script ran, or an element made in another document): frame-src came before amount and
  // installments, and the element connected with half of them (the fragment's config had no plans),
  // then sent a config per attribute over the port, ready following the first, stale.
  await page.addInitScript(recordPort);
  await openFrameCheckout(page, demo, 'en');
  await page.evaluate(() => {
    const first = document.querySelector('svc-card-form')!;
    // Made in a document with no elements defined: upgraded when put in this one, attributes first.
    const second = document.implementation.createHTMLDocument().createElement('svc-card-form');
    for (const name of ['lang', 'frame-src', 'key-id', 'amount', 'installments', 'holder-document']) second.setAttribute(name, first.getAttribute(name)!);
    const ready = new Promise((settled) => second.addEventListener('svc-ready', settled));
    document.body.append(Object.assign(document.createElement('form'), { id: 'second' }));
    document.getElementById('second')!.append(second);
    return ready;
  });
  const frames = page.frames().filter((frame) => frame.url().includes('card-frame.html'));
  expect(frames).toHaveLength(2);
  const frame = frames[1]!;
  const fragment = JSON.parse(new URLSearchParams(new URL(frame.url()).hash.slice(1)).get('config')!);
  expect(fragment.installments).toHaveLength(3);
  await page.evaluate(() => new Promise((settled) => setTimeout(settled, 200)));
  const log = await frame.evaluate(() => (window as any).portLog as string[]);
  expect(log.slice(0, log.indexOf('sent ready') + 1)).toEqual(['received config', 'sent change', 'sent change', 'sent ready']);
  expect(log.filter((entry) => entry === 'received config')).toHaveLength(1);
});

test('the demo\'s HTML starts the frame (svc-card/ssr): the element adopts that iframe, the frame loads once, and it pays', async ({ page, demo }) => {
  const loads: string[] = [];
  page.on('request', (request) => request.url().includes('card-frame.html') && loads.push(request.url()));
  const response = await page.goto(`${demo.url}/?lang=en`);
  const html = await response!.text();
  // In the HTML: the iframe (its reserve counting the rates' line: the demo's plans carry interest), pointing at the frame with this page's origin; the element's script deferred.
  expect(html).toMatch(/<template shadowrootmode="open" shadowrootdelegatesfocus><style>[^]*?<\/style><iframe class="rates" referrerpolicy="no-referrer" title="Card details" src="[^"]*card-frame\.html#channel=[0-9a-f]{32}&amp;origin=http%3A%2F%2F127\.0\.0\.1/);
  expect(html).toMatch(/<script src="[^"]*svc-card-form-frame\.js"[^>]* defer><\/script>/);
  await page.waitForFunction(() => !!document.querySelector('svc-card-form')?.shadowRoot?.querySelector('iframe')?.style.height);
  expect(loads).toHaveLength(1);
  await typeCard(cardFrame(page), PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
  expect(loads).toHaveLength(1);
});

test('a frame that said hello before the element was defined is knocked on, says it again, and pays', async ({ page, demo }) => {
  // The element's script held until the server-rendered frame has loaded and sent its hello to no one.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/svc-card-form-frame\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${demo.url}/?lang=en`, { waitUntil: 'commit' }); // its load waits for the deferred script
  await expect.poll(() => cardFrameDocument(page)?.evaluate(() => document.readyState === 'complete' && !!document.querySelector('svc-card-form')?.shadowRoot)).toBe(true);
  expect(await page.evaluate(() => customElements.get('svc-card-form'))).toBeUndefined();
  release();
  await page.waitForFunction(() => !!document.querySelector('svc-card-form')?.shadowRoot?.querySelector('iframe')?.style.height);
  await typeCard(cardFrame(page), PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
});

test('once the page took a port, the frame hears no knock: a knock with its channel brings no hello', async ({ page, demo }) => {
  await openFrameCheckout(page, demo, 'en');
  const hellos = await page.evaluate(async () => {
    const iframe = document.querySelector('svc-card-form')!.shadowRoot!.querySelector('iframe')!;
    const src = new URL(iframe.src);
    const channel = new URLSearchParams(src.hash.slice(1)).get('channel');
    let count = 0;
    addEventListener('message', (event) => event.data?.type === 'hello' && count++);
    iframe.contentWindow!.postMessage({ v: 1, type: 'knock', channel }, src.origin);
    await new Promise((settled) => setTimeout(settled, 300));
    return count;
  });
  expect(hellos).toBe(0);
});
