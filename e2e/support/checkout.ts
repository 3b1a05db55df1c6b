// Driving the demo checkout page like a customer: labels of <svc-card-form>
// (src/element/i18n.ts), typed key by key, then the Pay button. The page is
// pt-BR by default and English with ?lang=en; most specs use English. Works on an
// EnginePage (every engine) and on a Playwright Page (the Chromium-only specs).
import { expect, type Page } from '@playwright/test';
import type { EnginePage } from './engine-page.js';
import { playwrightPage } from './playwright-page.js';

export type CheckoutLang = 'pt-BR' | 'en';

export interface TypedCard { holder: string; number: string; expMonth: string; expYear: string; securityCode: string }

/** The checkout page's address at the demo's origin: English unless told `pt-BR` (the default page). */
export const checkoutUrl = (origin: string, lang: CheckoutLang = 'en') =>
  lang === 'en' ? `${origin}/?lang=en` : `${origin}/`;

/** What the customer reads on the page, in each language. */
export const LABELS = {
  en: { holder: 'Name on card', number: 'Card number', expiry: /^Expiry date/, code: /^Security code/, pay: /^Pay / },
  'pt-BR': { holder: 'Nome impresso no cartão', number: 'Número do cartão', expiry: /^Validade/, code: /^Código de segurança/, pay: /^Pagar / },
} satisfies Record<CheckoutLang, Record<string, string | RegExp>>;

// One wrapper per Playwright page (it listens to the page's events).
const wrapped = new WeakMap<Page, EnginePage>();
const engineOf = (page: Page | EnginePage): EnginePage => {
  if ('engine' in page) return page;
  if (!wrapped.has(page)) wrapped.set(page, playwrightPage(page, 'chromium'));
  return wrapped.get(page)!;
};

export async function typeCard(page: Page | EnginePage, card: TypedCard, lang: CheckoutLang = 'en'): Promise<void> {
  const label = LABELS[lang];
  const on = engineOf(page);
  await on.byLabel(label.holder).type(card.holder);
  await on.byLabel(label.number).type(card.number.replace(/\s/g, ''));
  await on.byLabel(label.expiry).type(`${card.expMonth}${card.expYear.slice(-2)}`);
  await on.byLabel(label.code).type(card.securityCode);
}

export const payButton = (page: Page | EnginePage, lang: CheckoutLang = 'en') =>
  engineOf(page).byRole('button', { name: LABELS[lang].pay });

export const submit = (page: Page | EnginePage, lang: CheckoutLang = 'en') => payButton(page, lang).click();

export const outcome = (page: Page) => page.locator('#outcome');

/** Waits until the page shows a final outcome and returns its kind. */
export async function finalOutcome(page: Page | EnginePage): Promise<string> {
  const shown = engineOf(page).locator('#outcome');
  await expect.poll(() => shown.attribute('data-outcome')).toMatch(/^(?!pending$)/);
  return (await shown.attribute('data-outcome')) ?? '';
}

export const SCREENSHOTS = 'docs/screenshots';
