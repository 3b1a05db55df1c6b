// The --svc-* custom properties the parent forwards into the frame (issue 9): known names only,
// values from a small character set, no url(), image(), var() or any function but colour and
// size ones. Checked on both sides: the frame trusts nothing the parent sends.

import { STYLE_PROPERTIES } from '../shared/surface.js';

// The page's `color` and `color-scheme`, which a frame cannot inherit, cross as --svc-page-color and
// --svc-page-scheme (svc-card-form-frame.ts) and are set on the frame's root (bridge.ts).
/** A `color-scheme` value the frame accepts: the keywords only. */
export const safeScheme = (value: unknown): value is string =>
  typeof value === 'string' && /^(normal|light|dark|light dark|dark light)( only)?$/.test(value);

// Letters, digits, space, # . , % + - / and quotes (font names); functions only rgb/hsl/calc-like.
const SAFE_VALUE = /^[\w\s#.,%+\-/'"]*(?:(?:rgba?|hsla?|oklch|oklab|lab|lch|calc|min|max|clamp)\([\w\s#.,%+\-/*]*\)[\w\s#.,%+\-/'"]*)*$/;

/** True for a value the frame may set: short, and nothing that can load or reference anything. */
export const safeStyleValue = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 200 && SAFE_VALUE.test(value) && !/url|image|var|attr|expression|\\/i.test(value);

/** The forwardable custom properties of `style` with safe values, by name. */
export function forwardableStyle(style: CSSStyleDeclaration): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const name of STYLE_PROPERTIES) {
    const value = style.getPropertyValue(name).trim();
    if (value && safeStyleValue(value)) chosen[name] = value;
  }
  return chosen;
}
