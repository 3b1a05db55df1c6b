// The demo's monthly plan by PIX Automático as a shopper and the payer's bank play it (issue 40
// item 3), shared by e2e/demo/plan-mandate.spec.ts (the panel in every engine) and
// plan-mandate-retry.spec.ts (the sandbox's bookkeeping after a refusal, in Chromium).
import type { Demo } from '../../demo/start-demo.mjs';
import { expect } from './engine-fixture.js';
import type { EnginePage } from './engine-page.js';

const API_KEY = 'sbx_demo.sandbox-secret-not-for-production';
export const PANEL = '#next [data-svc-next-action]';
/** Intl puts a no-break space after R$; the page's text is compared with plain spaces. */
export const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

/** The panel's words (src/next-action/mandate-texts.ts, en) and the store's (demo/merchant/messages.mjs). */
export const SAY = {
  heading: 'Authorise PIX Automático',
  steps: ['Copy the code.', 'In your bank app, choose PIX copy and paste.', 'Paste the code, check the amount and frequency, and authorise.'],
  waiting: 'Waiting for the authorisation in your bank app…',
  active: 'PIX Automático authorised: each charge will be debited on its due date, with nothing for you to do. You can cancel it in your bank app.',
  rejected: 'Your bank declined the PIX Automático authorisation. Ask for it again or pay by card.',
  expired: 'The authorisation request expired unanswered. Ask for it again or pay by card.',
};

/** The mandate the page just asked for (the newest PENDING one): its id and the charge its code pays. */
export async function askedMandate(demo: Demo): Promise<{ id: string; chargeId: string }> {
  const rows = await demo.sandbox.db.query<{ id: string; charge: string }>(
    "SELECT id, data->>'chargeId' AS charge FROM mandates WHERE status = 'PENDING' ORDER BY created_at DESC, id LIMIT 1");
  return { id: rows[0]!.id, chargeId: rows[0]!.charge };
}

/** The charge's transactions as the sandbox's database has them (records.transactions holds the API's recent ones only). */
export const paymentsOf = async (demo: Demo, chargeId: string) => (await demo.sandbox.db.query<{ made: string }>(
  "SELECT (data->>'paymentMethod') || ' ' || (data->>'status') AS made FROM transactions WHERE charge_id = $1 ORDER BY created_at", [chargeId])).map((row) => row.made);

/** The payer's bank answering a mandate: the sandbox's action (the mandate state table's approve, reject, expire). */
export async function bank(demo: Demo, mandateId: string, action: 'approve' | 'reject' | 'expire') {
  const response = await fetch(`${demo.sandboxUrl}/sandbox/v1/mandates/bank`, {
    method: 'POST', headers: { 'content-type': 'application/json', apiKey: API_KEY }, body: JSON.stringify({ companyId: 'company_demo', mandateId, action }),
  });
  expect(response.status).toBe(200);
}

export const panelText = (page: EnginePage, selector: string) => page.evaluate(([host, inner]) => document.querySelector(host)?.shadowRoot?.querySelector(inner)?.textContent ?? null, [PANEL, selector] as const);
export const receiptRows = (page: EnginePage) => page.evaluate(() => [...document.querySelectorAll('#outcome .receipt dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`));

/** Opens the plan's page (English, the inline card form) and asks for the authorisation: the panel shows; answers the mandate. */
export async function subscribe(page: EnginePage, demo: Demo) {
  await page.goto(`${demo.url}/?lang=en&plan=monthly&isolation=inline`);
  await expect.poll(() => page.evaluate(() => document.getElementById('methods')?.shadowRoot?.querySelector<HTMLInputElement>('input:checked')?.value ?? null)).toBe('pix-auto');
  await expect.poll(async () => plain(await page.locator('#pay').text())).toContain('Subscribe with PIX Automático: R$29.90/month');
  await expect.poll(() => page.locator('#pay').isEnabled()).toBe(true);
  await page.locator('#pay').evaluate((button: HTMLElement) => button.scrollIntoView({ block: 'nearest' }));
  await page.locator('#pay').click();
  await expect.poll(() => panelText(page, 'h2'), { timeout: 20_000 }).toBe(SAY.heading);
  const mandate = await askedMandate(demo);
  // The code shown is this mandate's: its recorrência's location names it (the BR Code's payload URL).
  const code = await page.shadow(PANEL, 'input').value();
  expect(code).toMatch(/^000201/);
  expect(code).toContain(`/sandbox/v1/rec/${mandate.id}`);
  expect(await page.evaluate((host) => [...document.querySelector(host)!.shadowRoot!.querySelectorAll('ol li')].map((li) => li.textContent), PANEL)).toEqual(SAY.steps);
  expect(await panelText(page, 'section > p[role="status"]:last-child')).toBe(SAY.waiting);
  expect(await page.locator('#checkout').isVisible()).toBe(false);
  return mandate;
}
