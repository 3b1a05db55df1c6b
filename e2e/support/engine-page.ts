// The one page API the element specs are written against, so a single spec runs in
// Chromium and Firefox ESR (Playwright, e2e/support/playwright-page.ts) and in
// WebKitGTK (WebDriver, e2e/support/webdriver-page.ts). Reads are plain getters:
// specs wait with `expect.poll(() => locator.value()).toBe(...)`, which works the
// same over both drivers. Names follow Playwright's so its specs port easily.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export type Engine = 'chromium' | 'firefox' | 'webkit';

/** The keys the specs press (WebDriver and Playwright both know them by these names). */
export type Key = 'Tab' | 'Shift+Tab' | 'Enter' | 'Escape' | 'Home' | 'End' | 'ArrowLeft' | 'ArrowRight' | 'Backspace';

export interface AxeViolation { id: string; nodes: { target: unknown[] }[] }

export interface MediaFeatures { reducedMotion?: 'reduce'; forcedColors?: 'active'; colorScheme?: 'light' | 'dark'; contrast?: 'more' | 'no-preference' }

/** The media queries MediaFeatures stand for. */
export const mediaQueries = ({ reducedMotion, forcedColors, colorScheme, contrast }: MediaFeatures) => [
  ...(reducedMotion ? [`(prefers-reduced-motion: ${reducedMotion})`] : []),
  ...(colorScheme ? [`(prefers-color-scheme: ${colorScheme})`] : []),
  ...(contrast ? [`(prefers-contrast: ${contrast})`] : []),
  ...(forcedColors ? [`(forced-colors: ${forcedColors})`] : []),
];

/** The roles the specs look for (each with the elements that can have it, for WebDriver). */
export const ROLE_CANDIDATES = {
  button: 'button, input[type="submit"], input[type="button"], input[type="reset"], [role="button"]',
  heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
} as const;
export type Role = keyof typeof ROLE_CANDIDATES;

/** One element, found again at every call (like a Playwright locator). */
export interface EngineLocator {
  /** Key by key, as a person types (Playwright pressSequentially, WebDriver Element Send Keys). */
  type(text: string): Promise<void>;
  press(key: Key): Promise<void>;
  /** Empties the input with an edit the page sees (an `input` event). */
  clear(): Promise<void>;
  focus(): Promise<void>;
  click(): Promise<void>;
  value(): Promise<string>;
  attribute(name: string): Promise<string | null>;
  /** textContent with white space collapsed (collapseText), as Playwright's toHaveText compares it. */
  text(): Promise<string>;
  count(): Promise<number>;
  isVisible(): Promise<boolean>;
  isEnabled(): Promise<boolean>;
  /** The focused element of the page, through shadow roots. */
  isFocused(): Promise<boolean>;
  /**
   * Waits for this accessible description: Playwright's own computation in Chromium and
   * Firefox, the texts aria-describedby points to in WebKitGTK (WebDriver has no command for it).
   */
  toHaveDescription(expected: string | RegExp): Promise<void>;
  evaluate<R, A = undefined>(fn: (element: any, arg: A) => R | Promise<R>, arg?: A): Promise<R>;
}

export interface EnginePage {
  readonly engine: Engine;
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** CSS in the document. */
  locator(selector: string): EngineLocator;
  /** CSS inside the open shadow root of the first `host`. */
  shadow(host: string, selector: string): EngineLocator;
  /** The form control whose accessible name contains `label` (a string) or matches it (a RegExp). */
  byLabel(label: string | RegExp): EngineLocator;
  /** The element with this ARIA role whose accessible name contains or matches `name` (Playwright getByRole). */
  byRole(role: Role, options?: { name?: string | RegExp; level?: number }): EngineLocator;
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  keyboard: {
    type(text: string): Promise<void>;
    press(key: Key): Promise<void>;
    /** Text put in at once without key events, as an IME commit or autofill does. */
    insertText(text: string): Promise<void>;
    /** Ctrl+V into the focused element. */
    paste(): Promise<void>;
  };
  setViewportSize(size: { width: number; height: number }): Promise<void>;
  /** A PNG of the whole page. */
  screenshot(path: string): Promise<void>;
  /** URLs the page requested (Playwright: since the page opened; WebDriver: the current document's resource timing). */
  requests(): Promise<string[]>;
  /** Emulates media features; true when the page now matches them all (false where the engine cannot). */
  emulateMedia(features: MediaFeatures): Promise<boolean>;
  /**
   * Puts text on the system clipboard (a real copy where no clipboard permission can be granted).
   * With `elsewhere` (an address) the copy is made in another tab showing it, closed after, as a
   * customer copying the number from another site: this page sees no copy and no scratch field.
   */
  setClipboard(text: string, elsewhere?: string): Promise<void>;
  /** axe-core's violations for these tags (e2e/support/axe.ts formats them). */
  runAxe(tags: string[]): Promise<AxeViolation[]>;
  /** Console messages the page logged (WebDriver: from the end of the last goto on). */
  consoleMessages(): Promise<string[]>;
  /**
   * Runs `fn` with the document of the iframe `selector` finds in the open shadow root of `host`
   * (or in the document when `host` is null): its locators, evaluate and axe are that frame's,
   * keys go where the focus is. WebDriver switches to the frame and back after; Playwright
   * uses the iframe's Frame. Nested calls are not supported.
   */
  withinFrame<R>(host: string | null, selector: string, fn: (frame: EngineFrame) => Promise<R>): Promise<R>;
}

/** A child frame's document seen through EnginePage (withinFrame). */
export type EngineFrame = Pick<EnginePage, 'engine' | 'locator' | 'shadow' | 'byLabel' | 'byRole' | 'evaluate' | 'keyboard' | 'runAxe'>;

/**
 * The iframe element `selector` finds in the open shadow root of the first `host`, or in the
 * document (runs in the page). `host` is looked for in the document, then in open shadow roots
 * (a card form inside a component's shadow root, e2e/frame/shadow-root.spec.ts).
 */
export const findIframe = ([host, selector]: readonly [string | null, string]): HTMLIFrameElement | null => {
  const deep = (root: Document | ShadowRoot): Element | null => root.querySelector(host!) ??
    [...root.querySelectorAll('*')].reduce<Element | null>((found, element) => found ?? (element.shadowRoot && deep(element.shadowRoot)), null);
  return ((host ? deep(document)?.shadowRoot : document)?.querySelector(selector) as HTMLIFrameElement | null) ?? null;
};

/** Runs of ASCII white space (HTML's) as one space, trimmed; a no-break space is content. */
export const collapseText = (text: string | null) => (text ?? '').replace(/[ \t\n\r\f]+/g, ' ').replace(/^ | $/g, '');

/** Deep focus check shared by both drivers (runs in the page). */
export const isDeepFocused = (element: Element): boolean => {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active === element;
};

/** aria-describedby's targets' texts, space-joined (runs in the page). */
export const describedByText = (element: Element): string => {
  const root = element.getRootNode() as Document | ShadowRoot;
  return (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
    .map((id) => root.getElementById(id)?.textContent?.replace(/\s+/g, ' ').trim() ?? '')
    .filter(Boolean).join(' ');
};

// The same axe-core build @axe-core/playwright injects, put in a document as a script where
// that package cannot reach (WebDriver; a single child frame).
let axeSource: string | undefined;
export const axeCoreSource = () => (axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/** axe-core's violations in this document for these tags (runs in the page, axe-core injected). */
export const axeInDocument = async (values: string[]): Promise<AxeViolation[]> => {
  const { violations } = await (window as any).axe.run(document, { runOnly: { type: 'tag', values } });
  return violations.map((v: AxeViolation) => ({ id: v.id, nodes: v.nodes.map((n) => ({ target: n.target })) }));
};
