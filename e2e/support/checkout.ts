// Driving the demo checkout page like a customer: labels of <svc-card-form>
// (src/element/i18n.ts), typed key by key, then the Pay button. The page is
// pt-BR by default and English with ?lang=en; most specs use English.
import { expect, type Page } from '@playwright/test';

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
  en: { holder: 'Name on card', number: 'Card number', expiry: /^Expiry date/, code: /^Security code/, pay: /^Pay / },
  'pt-BR': { holder: 'Nome impresso no cartão', number: 'Número do cartão', expiry: /^Validade/, code: /^Código de segurança/, pay: /^Pagar / },
} satisfies Record<CheckoutLang, Record<string, string | RegExp>>;

/** Types into the page, or into the card frame (`page.frameLocator(...)`): both have getByLabel. */
export async function typeCard(page: Pick<Page, 'getByLabel'>, card: TypedCard, lang: CheckoutLang = 'en'): Promise<void> {
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
