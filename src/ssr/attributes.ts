// Attributes and text written into the HTML of svc-card/ssr's renders.

/**
 * An element's attributes, as written in HTML. `true` writes a boolean attribute; `false`, null
 * or undefined leave it out.
 */
export type HtmlAttributes = Record<string, string | number | boolean | null | undefined>;

const NAME = /^[a-z][a-z0-9-]*$/;

/** Text or an attribute's value, escaped for HTML. */
export const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The attributes written (`''` for a boolean one), in their order; a bad name throws a TypeError naming `render`. */
export function attributeMap(attributes: HtmlAttributes, render: string): Map<string, string> {
  const given = new Map<string, string>();
  for (const [name, value] of Object.entries(attributes)) {
    if (!NAME.test(name)) throw new TypeError(`${render}: "${name}" is not an attribute name`);
    if (value === false || value == null) continue;
    given.set(name, value === true ? '' : String(value));
  }
  return given;
}

/** ` name="value"` for each, ` name` for a boolean one. */
export const writeAttributes = (attributes: Map<string, string>): string =>
  [...attributes].map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`)).join('');
