// Reflow probe (WCAG 1.4.10, issue 12's zoom spec): what is wrong with the element's layout in
// this document, one line each, [] when nothing. Runs in the page or the card frame's document.

export interface ReflowCheck {
  /** The element's selector. */
  host: string;
  /** Check its shadow content too (false for the frame-mode host, whose content is in the frame). */
  inside: boolean;
  /** The page's own controls beside it (the Pay button): in the viewport and over none of the element. */
  others: string[];
}

export const reflowProblems = ({ host, inside, others }: ReflowCheck): string[] => {
  const problems: string[] = [];
  const root = document.documentElement;
  const viewport = root.clientWidth;
  if (root.scrollWidth > viewport) problems.push(`the page scrolls sideways: ${root.scrollWidth} > ${viewport}`);
  const element = document.querySelector(host)!;
  const box = element.getBoundingClientRect();
  const name = (node: Element) => `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.className ? `.${String(node.className).trim().replace(/\s+/g, '.')}` : ''}${node.getAttribute('for') ? `[for=${node.getAttribute('for')}]` : ''}`;
  const overlap = (a: DOMRect, b: DOMRect) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const within = (a: DOMRect, b: DOMRect) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  if (box.left < -0.5 || box.right > viewport + 0.5) problems.push(`${host} is outside the viewport: ${box.left}..${box.right} of ${viewport}`);
  for (const selector of others) {
    const other = document.querySelector(selector)!.getBoundingClientRect();
    if (other.left < -0.5 || other.right > viewport + 0.5) problems.push(`${selector} is outside the viewport: ${other.left}..${other.right} of ${viewport}`);
    if (overlap(other, box)) problems.push(`${selector} overlaps ${host}`);
  }
  if (!inside) return problems;
  const shadow = element.shadowRoot!;
  // What a person reads or types in: labels, controls, and the messages shown (an empty error
  // line is no box; the hint an error covers is not seen).
  const items = [...shadow.querySelectorAll('label, input, select, .error, .hint')]
    .filter((node) => !node.classList.contains('sr-only') && getComputedStyle(node).opacity !== '0' && node.getBoundingClientRect().height > 0 && (node.matches('label, input, select') || node.textContent!.trim()));
  const rects = items.map((node) => node.getBoundingClientRect());
  items.forEach((node, i) => {
    if (!within(rects[i]!, box)) problems.push(`${name(node)} is outside ${host}`);
    if (!node.matches('input, select') && node.scrollWidth > node.clientWidth + 1) problems.push(`${name(node)} overflows its box: ${node.scrollWidth} > ${node.clientWidth}`);
    for (let j = i + 1; j < items.length; j++) if (overlap(rects[i]!, rects[j]!)) problems.push(`${name(node)} overlaps ${name(items[j]!)}`);
  });
  // The expiry/code row stacks below 240px of the element's own width (its container query;
  // issue 27: side by side down to 320 px phones, stacked at 200% zoom on a 390 px one).
  const width = parseFloat(getComputedStyle(element).width);
  const [expiry, code] = ['expiry', 'securityCode'].map((id) => shadow.getElementById(id)!.getBoundingClientRect());
  const stacked = code!.top >= expiry!.bottom;
  if (stacked !== width < 240) problems.push(`the expiry/code row is ${stacked ? '' : 'not '}stacked at ${width}px of element width`);
  return problems;
};
