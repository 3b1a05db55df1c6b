// Driving the demo checkout page like a customer: labels of <svc-card-form>
// (lang="en"), typed key by key, then the Pay button.
import { expect, type Page } from '@playwright/test';

export interface TypedCard { holder: string; number: string; expMonth: string; expYear: string; securityCode: string }

export async function typeCard(page: Page, card: TypedCard): Promise<void> {
  await page.getByLabel('Name on card').pressSequentially(card.holder);
  await page.getByLabel('Card number').pressSequentially(card.number.replace(/\s/g, ''));
  await page.getByLabel(/^Expiry date/).pressSequentially(`${card.expMonth}${card.expYear.slice(-2)}`);
  await page.getByLabel(/^Security code/).pressSequentially(card.securityCode);
}

export const submit = (page: Page) => page.getByRole('button', { name: /^Pay / }).click();

export const outcome = (page: Page) => page.locator('#outcome');

/** Waits until the page shows a final outcome and returns its kind. */
export async function finalOutcome(page: Page): Promise<string> {
  await expect(outcome(page)).toHaveAttribute('data-outcome', /^(?!pending$)/);
  return (await outcome(page).getAttribute('data-outcome')) ?? '';
}

export const SCREENSHOTS = 'docs/screenshots';
