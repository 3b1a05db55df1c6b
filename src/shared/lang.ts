// The element's language in both modes: its own `lang`, else the nearest ancestor's, across
// shadow roots (as native controls take theirs); closest('[lang]') stops at a shadow root, and a
// widget's <svc-card-form> under a lang="en" host would then take the document's. Read anew each
// time: an ancestor's attribute changing is not observed.

/**
 * `lang` of `element` (its property: a reactive `lang` set as a property reaches the attribute
 * only within the update it starts), else of the nearest ancestor that has one, crossing shadow
 * roots; '' when none.
 */
export function langOf(element: HTMLElement): string {
  type Up = { parentNode?: Node | null; host?: Node; getAttribute?(name: string): string | null } | null | undefined;
  for (let node: Up = element; node; node = (node.parentNode ?? node.host) as Up) {
    const tag = node === element ? element.lang : node.getAttribute?.('lang');
    if (tag) return tag;
  }
  return '';
}

/**
 * Whether a language tag (from langOf) asks for English: `en`, `en-US`... The one rule every
 * element applies (the card form's texts, the methods chooser's): anything else is pt-BR.
 */
export const isEnglish = (lang: string | null | undefined): boolean => /^en(-|$)/i.test(lang ?? '');
