// Brand marks as inline SVG (brand-marks.ts for their sources): no image files, no network,
// nothing for a CSP to block. Decorative (aria-hidden): the brand's name is in the text
// beside them (visually hidden) and announced by the live region when detected.
import { html, svg, type SVGTemplateResult, type TemplateResult } from 'lit/html.js';
import { ICON_PATHS } from './brand-marks.js';
import { markOf, type Brand, type BrandId } from '../shared/brands.js';

// Inside a 32x20 box: a white card with the icon set's path (scaled from 24x24), the two
// circles of Mastercard, or a badge lettered in the brand's colours (`/` breaks the line).
function inside(id: BrandId): SVGTemplateResult {
  const path = ICON_PATHS[id];
  if (path) return svg`<rect x=".5" y=".5" width="31" height="19" rx="3" fill="#fff" stroke="#0003"/><path transform=${id === 'visa' ? 'translate(3 -2) scale(1.08)' : 'translate(7 1) scale(.75)'} fill=${id === 'visa' ? '#1a1f71' : '#004c97'} d=${path}/>`;
  if (id === 'mastercard') return svg`<rect x=".5" y=".5" width="31" height="19" rx="3" fill="#fff" stroke="#0003"/><circle cx="12.5" cy="10" r="6.5" fill="#eb001b"/><circle cx="19.5" cy="10" r="6.5" fill="#f79e1b" fill-opacity=".85"/>`;
  const [background, colour, lettering] = markOf(id)!.split(' ') as [string, string, string];
  const lines = lettering.split('/');
  const size = lines.length > 1 ? 8 : lettering.length > 5 ? 6.5 : lettering.length > 3 ? 8 : 10;
  return svg`<rect width="32" height="20" rx="3" fill=${background} stroke="#0003"/><text fill=${colour} font-family="Arial,Helvetica,sans-serif" font-size=${size} font-weight="700" text-anchor="middle">${lines.map((line, i) => svg`<tspan x="16" y=${lines.length > 1 ? 9 + i * 7.5 : 10 + size * .36}>${line}</tspan>`)}</text>`;
}

/**
 * What the number input shows at its end: the detected brand's mark, or while the number is
 * empty the marks of the accepted brands (as many as fit), and the brand's name for screen readers.
 */
export function brandMarks(brand: Brand | undefined, shown: readonly BrandId[]): TemplateResult {
  const marks = shown.map((id) => html`<svg part="icon" viewBox="0 0 32 20" width="32" height="20">${inside(id)}</svg>`);
  // Two templates: the detected brand's mark is a new node, not the first accepted one moved (a layout shift).
  const strip = brand ? html`<span class="marks" part="brand" aria-hidden="true">${marks}</span>` : html`<span class="marks all" part="brand" aria-hidden="true">${marks}</span>`;
  return html`${strip}<span class="sr-only" part="brand-name">${brand?.name ?? ''}</span>`;
}
