// Issue 12, brand marks inside the number input, in every engine: while the number is empty the
// accepted brands' marks show as many as fit, and never over the placeholder
// "1234 1234 1234 1234" (before the fix the strip kept a fixed 11rem for it and cut it to
// "1234 1234 1234 12" at most widths, the demo's desktop frame included). The element's own
// width decides (its container query), so the widths are set on it: WebKitGTK's window cannot
// be narrower than about 450 px.
import { expect, test } from './fixture.js';

/** In the page: each width (px) where the first mark shown starts before the placeholder ends. */
function overlapsAt(widths: number[]): string[] {
  const form = document.querySelector('svc-card-form')!;
  const root = form.shadowRoot!;
  const input = root.getElementById('number') as HTMLInputElement;
  const strip = root.querySelector('.marks')!;
  // The placeholder's text, measured in the input's font beside it.
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
  probe.textContent = input.placeholder;
  input.parentElement!.append(probe);
  const found: string[] = [];
  for (const width of widths) {
    form.style.width = `${width}px`;
    const box = input.getBoundingClientRect();
    const style = getComputedStyle(input);
    const textEnd = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft) + probe.getBoundingClientRect().width;
    const { bottom } = strip.getBoundingClientRect();
    // Marks that do not fit wrap below the strip, where its overflow hides them.
    const shown = [...strip.querySelectorAll('svg')].map((mark) => mark.getBoundingClientRect()).filter((mark) => mark.top < bottom);
    const firstMark = Math.min(...shown.map((mark) => mark.left));
    if (!shown.length || firstMark < textEnd + 2) found.push(`${width}: ${shown.length} marks from ${firstMark - box.left}, text to ${textEnd - box.left}`);
  }
  probe.remove();
  form.style.width = '';
  return found;
}

test('the accepted brands shown in the empty number input leave its placeholder whole, at any width', async ({ checkout }) => {
  await checkout.open();
  await expect.poll(() => checkout.part('.marks svg').count()).toBeGreaterThan(1);
  const widths = Array.from({ length: 96 }, (_, i) => 240 + i * 8);
  expect(await checkout.page.evaluate(overlapsAt, widths)).toEqual([]);
});
