// @vitest-environment happy-dom
// When the frame-mode element forwards the page's look again (src/frame/parent/page-look.ts).
// A stylesheet of the page loading after the element connected is one such time: WebKitGTK ran the
// element's deferred script before the page's stylesheet had come, forwarded the default black,
// then restyled the page with the sheet without any transition the iframe could report
// (e2e/frame/scheme-flip's labels stayed black about one load in fifteen).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchPageLook } from '../../src/frame/parent/page-look.js';

/** Watches with a fresh iframe; `calls()` counts the forwardings asked for so far. */
function watch() {
  const changed = vi.fn();
  const iframe = document.body.appendChild(document.createElement('iframe'));
  const unwatch = watchPageLook(iframe, changed);
  return { iframe, unwatch, calls: () => changed.mock.calls.length };
}

/** A <style> in the page's head, as one that just arrived: its `load`. */
function sheetLoads(): HTMLStyleElement {
  const style = document.head.appendChild(document.createElement('style'));
  style.textContent = 'body{color:rgb(29, 35, 39)}';
  style.dispatchEvent(new Event('load'));
  return style;
}

const aTaskLater = () => new Promise((resolve) => setTimeout(resolve, 5));

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe('watchPageLook', () => {
  it('asks for a forwarding once a stylesheet of the page loads (failed before: WebKitGTK\'s late sheet went unseen)', async () => {
    const { calls, unwatch } = watch();
    expect(sheetLoads().sheet).toBeTruthy();
    expect(calls()).toBe(0); // a task later, as for the other changes
    await aTaskLater();
    expect(calls()).toBe(1);
    unwatch();
  });

  it('asks once for several sheets loading in one task, and for an iframe\'s transition ending with them', async () => {
    const { calls, iframe, unwatch } = watch();
    sheetLoads();
    sheetLoads();
    iframe.dispatchEvent(new Event('transitionend'));
    await aTaskLater();
    expect(calls()).toBe(1);
    unwatch();
  });

  it('ignores loads that bring no stylesheet (an image), and every load once unwatched', async () => {
    const { calls, unwatch } = watch();
    document.body.appendChild(document.createElement('img')).dispatchEvent(new Event('load'));
    await aTaskLater();
    expect(calls()).toBe(0);
    unwatch();
    sheetLoads();
    await aTaskLater();
    expect(calls()).toBe(0);
  });
});
