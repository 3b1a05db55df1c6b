// Driving the demo checkout page like a customer: labels of <svc-card-form>
// (src/shared/i18n.ts), typed key by key, then the Pay button. The page is
// pt-BR by default and English with ?lang=en; most specs use English. Works on an
// EnginePage (every engine) and on a Playwright Page (the Chromium-only specs).
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { HOLDER_CPF } from './cards.mjs';
import type { EngineFrame, EnginePage } from './engine-page.js';
import { playwrightPage } from './playwright-page.js';

export type CheckoutLang = 'pt-BR' | 'en';

export interface TypedCard { holder: string; number: string; expMonth: string; expYear: string; securityCode: string }

/** How the page holds the card: the inline element, or the card frame (the demo's default, issue 9). */
export type Isolation = 'inline' | 'frame';

/**
 * The checkout page's address at the demo's origin: English unless told `pt-BR`, and the inline
 * element unless told `frame` (specs written for the inline mode keep testing it).
 */
export function checkoutUrl(origin: string, lang: CheckoutLang = 'en', isolation: Isolation = 'inline'): string {
  const query = new URLSearchParams({ ...(lang === 'en' && { lang }), ...(isolation === 'inline' && { isolation }) }).toString();
  return `${origin}/${query && `?${query}`}`;
}

/** What the customer reads on the page, in each language. */
export const LABELS = {
  en: { holder: 'Name on card', number: 'Card number', expiry: /^Expiry date/, code: /^CVV/, pay: /^Pay (?!with PIX$)/ },
  'pt-BR': { holder: 'Nome impresso no cartão', number: 'Número do cartão', expiry: /^Validade/, code: /^CVV/, pay: /^Pagar (?!com PIX$)/ },
} satisfies Record<CheckoutLang, Record<string, string | RegExp>>;

// One wrapper per Playwright page (it listens to the page's events).
const wrapped = new WeakMap<Page, EnginePage>();
const engineOf = <P extends EnginePage | EngineFrame>(page: Page | P): P | EnginePage => {
  if ('engine' in page) return page;
  if (!wrapped.has(page)) wrapped.set(page, playwrightPage(page, 'chromium'));
  return wrapped.get(page)!;
};

/** The holder's CPF/CNPJ field (issue 11; the demo turns it on), labelled in both languages with "CPF". */
const HOLDER_DOCUMENT = /CPF/;

/**
 * Types into the page (a Playwright Page or an EnginePage, any engine), or into the card frame
 * (`page.frameLocator(...)`, Playwright only): all three find the fields by label. When the form
 * asks for the holder's CPF/CNPJ (in the frame or on its page), HOLDER_CPF goes in it too.
 */
export async function typeCard(page: Page | EnginePage | EngineFrame | FrameLocator, card: TypedCard, lang: CheckoutLang = 'en'): Promise<void> {
  const label = LABELS[lang];
  const fields = [
    [label.holder, card.holder], [label.number, card.number.replace(/\s/g, '')],
    [label.expiry, `${card.expMonth}${card.expYear.slice(-2)}`], [label.code, card.securityCode],
  ] as const;
  if (!('engine' in page) && !('goto' in page)) {
    for (const [name, text] of fields) await page.getByLabel(name).pressSequentially(text);
    for (const scope of [page, page.owner().page()]) {
      const holderDocument = scope.getByLabel(HOLDER_DOCUMENT);
      if (await holderDocument.count()) return holderDocument.first().pressSequentially(HOLDER_CPF);
    }
    return;
  }
  const on = engineOf(page);
  for (const [name, text] of fields) await on.byLabel(name).type(text);
  const holderDocument = on.byLabel(HOLDER_DOCUMENT);
  if (await holderDocument.count()) await holderDocument.type(HOLDER_CPF);
}

export const payButton = (page: Page | EnginePage, lang: CheckoutLang = 'en') =>
  engineOf(page).byRole('button', { name: LABELS[lang].pay });

export async function submit(page: Page | EnginePage, lang: CheckoutLang = 'en'): Promise<void> {
  // Chromium: a click that must first scroll the page can be routed to where the cross-origin
  // (out-of-process) card frame was before that scroll, and is lost. Scroll first, as a person does.
  if (!('engine' in page)) await page.getByRole('button', { name: LABELS[lang].pay }).scrollIntoViewIfNeeded();
  else await payButton(page, lang).evaluate((button: HTMLElement) => button.scrollIntoView({ block: 'nearest' }));
  await payButton(page, lang).click();
}

export const outcome = (page: Page) => page.locator('#outcome');

/**
 * Waits until the page shows a final outcome (its data-outcome; a decline has no text there, its
 * message is beside Pay, #pay-outcome: issue 39) or the card form shows field errors (`invalid`), and returns its kind.
 */
export async function finalOutcome(page: Page | EnginePage): Promise<string> {
  // One read of both (the page writes data-outcome before the element shows a decline's error).
  const read = () => engineOf(page).evaluate(() => {
    const card = document.querySelector('svc-card-form')!;
    let invalid: boolean;
    try {
      invalid = card.matches(':state(invalid)');
    } catch {
      invalid = card.hasAttribute('data-state-invalid');
    }
    return document.getElementById('outcome')!.dataset.outcome || (invalid ? 'invalid' : '');
  });
  // The kind the poll accepted is the one returned: reading it again could see a later state.
  let kind = '';
  await expect.poll(async () => (kind = await read()))
    .toMatch(/^(paid|authorized|declined|resubmit|invalid|error)$/);
  return kind;
}

/** The outcome beside Pay (issue 39): a decline, a failed or cancelled challenge, and its next steps. */
export const atPay = (page: EnginePage) => page.locator('#pay-outcome');

/** The focus stayed on Pay (Chromium, Firefox ESR), or at least on the page (WebKitGTK: a click does not focus a button). */
export const focusKeptOnPay = (page: EnginePage) => page.evaluate((engine) => {
  const active = document.activeElement;
  return engine === 'webkit' ? !!active && active !== document.body : active?.id === 'pay';
}, page.engine);

export const SCREENSHOTS = 'docs/screenshots';
