// Brand marks drawn as small SVG badges (colour + lettering), not the brands'
// logos: no image files, no network, nothing for a CSP to block. Decorative:
// the brand's name is always shown as text beside the icon.
import { svg, type SVGTemplateResult } from 'lit';
import { markOf, type BrandId } from './brands.js';

/** The inside of a 32x20 `<svg>`: the badge of a brand, or a plain card outline while it is unknown. */
export function brandMark(brand: BrandId | undefined): SVGTemplateResult {
  const mark = brand && markOf(brand);
  if (!mark) return svg`<rect x=".5" y=".5" width="31" height="19" rx="3" fill="none" stroke="currentColor"/><rect y="5" width="32" height="3" fill="currentColor"/>`;
  const [background, colour, ...words] = mark.split(' ');
  const lettering = words.join(' ');
  return svg`<rect width="32" height="20" rx="3" fill="${background}" stroke="#0003"/><text x="16" y="13" fill="${colour}" font-family="Arial,sans-serif" font-size="${lettering.length > 5 ? 5 : 8}" font-weight="700" text-anchor="middle">${lettering}</text>`;
}
