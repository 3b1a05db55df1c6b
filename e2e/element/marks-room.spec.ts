// @engines all
// Issue 12, brand marks inside the number input, in every engine: the marks never cover what
// the input shows. While the number is empty the accepted brands' marks show as many as fit,
// beside the whole placeholder "1234 1234 1234 1234" (before the fix the strip kept a fixed
// 11rem for it and cut it to "1234 1234 1234 12" at most widths, the demo's desktop frame
// included). A typed number of up to 16 digits is whole beside its brand's mark at 238 px, the
// card frame's width in the demo on a 320 px phone (before the fix the input's 3rem kept for the
// mark hid 2 px of it: Firefox ESR showed "ł111 1111 1111 1112"). The element's own width
// decides (its container query), so widths are set on it: WebKitGTK's window cannot be narrower
// than about 450 px.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixture.js';

const TEST_CARDS: { number: string; brand: string }[] = JSON.parse(readFileSync(new URL('../../packages/sandbox/payment/test-cards.json', import.meta.url), 'utf8'));
const UP_TO_16_DIGITS = [...new Set(TEST_CARDS.filter((card) => card.number.length <= 16).map((card) => card.number))];

/**
 * In the page: for each element width and each number ('' for the empty input and its
 * placeholder), where the input's text runs under the first mark shown or past the input's
 * padding (or no mark shows).
 */
async function crowded([widths, numbers]: [number[], string[]]): Promise<string[]> {
  const form = document.querySelector('svc-card-form')!;
  const root = form.shadowRoot!;
  const input = root.getElementById('number') as HTMLInputElement;
  // The text shown, measured in the input's font beside it.
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
  input.parentElement!.append(probe);
  const found: string[] = [];
  for (const number of numbers) {
    input.value = number;
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await form.updateComplete;
    probe.textContent = input.value || input.placeholder;
    for (const width of widths) {
      form.style.width = `${width}px`;
      const box = input.getBoundingClientRect();
      const style = getComputedStyle(input);
      const textEnd = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft) + probe.getBoundingClientRect().width;
      const strip = root.querySelector('.marks')!.getBoundingClientRect();
      // Marks that do not fit wrap below the strip, where its overflow hides them.
      const shown = [...root.querySelectorAll('.marks svg')].map((mark) => mark.getBoundingClientRect()).filter((mark) => mark.top < strip.bottom);
      const firstMark = Math.min(...shown.map((mark) => mark.left));
      // The input shows its text inside its padding: past it, the text scrolls.
      const room = Math.min(firstMark - 2, box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight));
      if (!shown.length || textEnd > room) found.push(`"${probe.textContent}" at ${width}: ${shown.length} marks from ${firstMark - box.left}, room to ${room - box.left}, text to ${textEnd - box.left}`);
    }
  }
  probe.remove();
  form.style.width = '';
  return found;
}

test('the accepted brands shown in the empty number input leave its placeholder whole, at any width', async ({ checkout }) => {
  await checkout.open();
  await expect.poll(() => checkout.part('.marks svg').count()).toBeGreaterThan(1);
  const widths = Array.from({ length: 96 }, (_, i) => 240 + i * 8);
  expect(await checkout.page.evaluate(crowded, [widths, ['']] as [number[], string[]])).toEqual([]);
});

test("every brand's test number of up to 16 digits is whole beside its mark at 238 px", async ({ checkout }) => {
  await checkout.open();
  expect(UP_TO_16_DIGITS.length).toBeGreaterThan(10);
  expect(await checkout.page.evaluate(crowded, [[238, 320], UP_TO_16_DIGITS] as [number[], string[]])).toEqual([]);
});

/** In the page: at each element width, the brands of the marks the empty number input shows (those that fit). */
async function marksShown(widths: number[]): Promise<string[][]> {
  const form = document.querySelector('svc-card-form')!;
  const root = form.shadowRoot!;
  // A mark's brand, from its drawing: the lettered badges say it; the icon set's and Mastercard's by colour.
  const COLOURS: Record<string, string> = { '#1a1f71': 'visa', '#eb001b': 'mastercard', '#004c97': 'diners' };
  const brandOf = (mark: Element) =>
    mark.querySelector('text')?.textContent?.toLowerCase() ?? COLOURS[mark.querySelector('path, circle')?.getAttribute('fill') ?? ''] ?? '?';
  const seen: string[][] = [];
  for (const width of widths) {
    form.style.width = `${width}px`;
    const strip = root.querySelector('.marks')!.getBoundingClientRect();
    seen.push([...root.querySelectorAll('.marks svg')].filter((mark) => mark.getBoundingClientRect().top < strip.bottom).map(brandOf));
  }
  form.style.width = '';
  return seen;
}

// On a phone only two or three marks fit: they must be the brands most shoppers carry, not Elo,
// Hipercard and Hiper (before, the strip followed the detection table, Brazil's own brands first,
// so a 390 px phone showed no Visa and no Mastercard).
test('the empty number input shows Visa and Mastercard first, Elo next, at phone widths', async ({ checkout }) => {
  await checkout.open();
  await expect.poll(() => checkout.part('.marks svg').count()).toBeGreaterThan(1);
  const [phone320, phone390] = await checkout.page.evaluate(marksShown, [238, 350]);
  expect(phone320!.slice(0, 3)).toEqual(['visa', 'mastercard', 'elo'].slice(0, Math.max(phone320!.length, 1)));
  expect(phone390!.slice(0, 3)).toEqual(['visa', 'mastercard', 'elo']);
});
