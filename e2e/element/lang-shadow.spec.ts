// @engines all
// One element, two modes (issue 26): inside a shadow tree under a [lang] host, the inline element
// and the frame-mode element take the same language, the host's, not the document's: the nearest
// `lang` is looked up across shadow roots in both (src/shared/lang.ts), as native controls do.
import { expect, test } from './fixture.js';

for (const mode of ['inline', 'frame'] as const) {
  test(`${mode} mode inside a shadow tree takes the lang of the shadow host, not the document's`, async ({ enginePage: page, server }) => {
    await page.goto(`${server.url}/e2e/pages/both/lang-shadow.html?mode=${mode}`);
    await expect.poll(() => page.evaluate(() => document.body.dataset.ready ?? '')).toBe('true');
    const seen = () => page.evaluate(() => {
      const card = (window as unknown as { card: HTMLElement & { texts: { group: string }; validationMessage: string } }).card;
      return { group: card.texts.group, message: card.validationMessage };
    });
    await expect.poll(seen).toEqual({ group: 'Card details', message: 'Enter the card number.' }); // the first field's (issue 27)
    if (mode === 'frame') {
      // The frame is told the same language (in the config message in its URL's fragment, and again over the port) and titled in it.
      const iframe = await page.evaluate(() => {
        const element = (window as unknown as { card: HTMLElement }).card.shadowRoot!.querySelector('iframe')!;
        return { title: element.title, lang: JSON.parse(new URLSearchParams(new URL(element.src).hash.slice(1)).get('config')!).lang };
      });
      expect(iframe).toEqual({ title: 'Card details', lang: 'en' });
    }
  });
}
