// Driving the demo checkout page like a customer: labels of <svc-card-form>
// (src/element/i18n.ts), typed key by key, then the Pay button. The page is
// pt-BR by default and English with ?lang=en; most specs use English.
import { expect, type Page } from '@playwright/test';

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

export async function typeCard(page: Page, card: TypedCard, lang: CheckoutLang = 'en'): Promise<void> {
  const label = LABELS[lang];
  await page.getByLabel(label.holder).pressSequentially(card.holder);
  await page.getByLabel(label.number).pressSequentially(card.number.replace(/\s/g, ''));
  await page.getByLabel(label.expiry).pressSequentially(`${card.expMonth}${card.expYear.slice(-2)}`);
  await page.getByLabel(label.code).pressSequentially(card.securityCode);
}

export const submit = (page: Page, lang: CheckoutLang = 'en') =>
  page.getByRole('button', { name: LABELS[lang].pay }).click();

export const outcome = (page: Page) => page.locator('#outcome');

/** Waits until the page shows a final outcome and returns its kind. */
export async function finalOutcome(page: Page): Promise<string> {
  await expect(outcome(page)).toHaveAttribute('data-outcome', /^(?!pending$)/);
  return (await outcome(page).getAttribute('data-outcome')) ?? '';
}

export const SCREENSHOTS = 'docs/screenshots';
