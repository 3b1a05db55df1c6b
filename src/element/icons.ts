// Brand marks drawn as small SVG badges (colour + lettering), not the brands'
// logos: no image files, no network, nothing for a CSP to block. Decorative:
// the brand's name is always shown as text beside the icon.
import { svg, type SVGTemplateResult } from 'lit';
import type { BrandId } from './brands.js';

// [background, lettering colour, lettering]
const MARKS: Record<BrandId, [string, string, string]> = {
  elo: ['#000', '#ffcb05', 'elo'],
  hipercard: ['#b3131b', '#fff', 'Hiper card'],
  hiper: ['#f37021', '#fff', 'hiper'],
  visa: ['#1a1f71', '#fff', 'VISA'],
  mastercard: ['#231f20', '#f79e1b', 'mastercard'],
  amex: ['#2e77bc', '#fff', 'AMEX'],
  diners: ['#0079be', '#fff', 'Diners'],
  discover: ['#fff', '#ff6000', 'DISCOVER'],
  jcb: ['#0e4c96', '#fff', 'JCB'],
  aura: ['#005ba6', '#fff', 'aura'],
  cabal: ['#00609c', '#fff', 'cabal'],
};

/** The inside of a 32x20 `<svg>`: the badge of a brand, or a plain card outline while it is unknown. */
export function brandMark(brand: BrandId | undefined): SVGTemplateResult {
  const mark = brand && MARKS[brand];
  return !mark
    ? svg`<rect x=".5" y=".5" width="31" height="19" rx="3" fill="none" stroke="currentColor"/><rect y="5" width="32" height="3" fill="currentColor"/>`
    : svg`<rect width="32" height="20" rx="3" fill="${mark[0]}" stroke="#0003"/><text x="16" y="13" fill="${mark[1]}" font-family="Arial,sans-serif" font-size="${mark[2].length > 5 ? 5 : 8}" font-weight="700" text-anchor="middle">${mark[2]}</text>`;
}
