// @engines chromium
// The inline script (dist/svc-card-form.js) given frame mode's attribute, in every engine: it
// refuses to take the card in the page (issue 9): fields disabled, one warning naming frame-src
// and the frame-mode script to load instead.
import { FRAME_SRC_MESSAGE } from '../../src/element/frame-src.js';
import { expect, test } from './fixture.js';

test('<svc-card-form frame-src> under svc-card-form.js: fields disabled, a warning naming frame-src', async ({ checkout }) => {
  await checkout.open();
  const logged = (await checkout.page.consoleMessages()).length;
  const disabled = await checkout.page.evaluate(async () => {
    const el = document.createElement('svc-card-form');
    el.setAttribute('frame-src', 'https://pay.example/svc/card-frame.html');
    document.body.append(el);
    await el.updateComplete;
    return [...el.shadowRoot!.querySelectorAll('input')].map((input) => input.disabled);
  });
  expect(disabled).toEqual([true, true, true, true]);
  await expect.poll(async () => (await checkout.page.consoleMessages()).slice(logged)).toContain(FRAME_SRC_MESSAGE);
  expect(FRAME_SRC_MESSAGE).toContain('frame-src');
});
