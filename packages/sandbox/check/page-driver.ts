// Drives a merchant's checkout page as a shopper would, through the standard elements only:
// <svc-payment-methods> (a radio per method), <svc-card-form> inline or in frame mode (its
// iframe), the submit button of the card form's <form>, and the next-action panel of
// svc-card/next-action (the 3-D Secure challenge in a modal frame; PIX and boleto). What the
// page shows after each act is read from those elements and from the page's live regions
// (role=alert: an error; role=status or aria-live: a message; any other change of the page's text:
// a message too, e.g. a receipt that replaced the form).
import type { BrowserContext, Frame, FrameLocator, Locator, Page } from 'playwright-core';
import type { PageAnswer } from './record.js';

/** How long the page has to answer a press of Pay, or the end of a challenge. */
export const ANSWER_MS = 20_000;
/** How long the page has to show the card form, and its frame the card's fields (a busy machine is slow to). */
const LOAD_MS = 30_000;
/** A message still changing is not the answer yet: it must hold this long. */
const STEADY_MS = 1_200;
const HOLDER_CPF = '52998224725';
/** A card that never expires in a test (MMYY). */
const EXPIRY = '1239';

const NEXT_ACTION = '[data-svc-next-action]';
/** The page's own words for "choose another way to pay", when its chooser is locked while a PIX waits. */
const OTHER_METHOD = /other (way|method)|outra forma|outro m[eé]todo/i;

/** `busy`: the card form is at work (encrypting); `payHeld`: a visible Pay is disabled, which means at work only while a request is out (a page that paid keeps Pay disabled for good). */
interface Shown { nextAction: 'challenge' | 'slip' | ''; invalid: boolean; busy: boolean; payHeld: boolean; alerts: string; messages: string; text: string; url: string }

/**
 * One read of what the page shows (in the page: open shadow roots of the svc elements are read
 * through). A string, not a function: a build that names functions (tsx, esbuild's keepNames)
 * would send a helper the page does not have.
 */
const READ_SHOWN = `(() => {
  const root = document.querySelector('${NEXT_ACTION}')?.shadowRoot;
  const nextAction = root?.querySelector('iframe') ? 'challenge' : root?.querySelector('section') ? 'slip' : '';
  const form = document.querySelector('svc-card-form');
  let invalid = false;
  let busy = false;
  try { invalid = !!form?.matches(':state(invalid)'); busy = !!form?.matches(':state(busy)'); } catch { invalid = !!form?.hasAttribute('data-state-invalid'); busy = !!form?.hasAttribute('data-state-busy'); }
  const pay = form?.closest('form')?.querySelector('button[type=submit], button:not([type])');
  const payHeld = !!pay && pay.disabled && pay.checkVisibility?.() !== false && !pay.closest('[hidden]');
  const texts = (query) => [...document.querySelectorAll(query)]
    .filter((el) => !el.closest('svc-card-form, svc-payment-methods, [hidden]') && (el.textContent ?? '').trim() !== '')
    .map((el) => el.textContent.trim().replace(/\\s+/g, ' ')).join(' | ');
  return { nextAction, invalid, busy, payHeld, alerts: texts('[role=alert]'), messages: texts('[role=status], [aria-live]:not([aria-live=off]), output'), text: document.body.innerText, url: location.href };
})()`;
const readShown = (page: Page): Promise<Shown> => page.evaluate(READ_SHOWN) as Promise<Shown>;

const same = (a: Shown, b: Shown) => a.nextAction === b.nextAction && a.busy === b.busy && a.payHeld === b.payHeld && a.invalid === b.invalid && a.alerts === b.alerts && a.messages === b.messages && a.text === b.text && a.url === b.url;

/**
 * Waits for the page to answer (a change from `before` that holds still), and says what it was.
 * `requestsOut` says whether the page has a request on its way: a disabled Pay with none out is
 * the page's last word, not work in progress (without it, a disabled Pay counts as work until the wait ends).
 * `onlySandboxMoves` says whether what a page still at work waits for can only come from a later
 * step (a payment held for the fraud review, every webhook answered): its words, once they and that
 * hold still, are its answer for now, not waited on until the wait ends.
 */
export async function pageAnswer(page: Page, before: Shown, timeoutMs = ANSWER_MS, requestsOut: () => boolean = () => true, onlySandboxMoves: () => Promise<boolean> = async () => false): Promise<PageAnswer> {
  const deadline = Date.now() + timeoutMs;
  let last = before;
  let since = Date.now();
  let stillSince: number | undefined;
  while (Date.now() < deadline) {
    await page.waitForTimeout(200);
    const now = await readShown(page).catch(() => last);
    if (!same(now, last)) { last = now; since = Date.now(); stillSince = undefined; continue; }
    if (same(now, before)) continue;
    // A next action answers at once; a text must hold still (a "processing…" comes before the outcome).
    if (now.nextAction && now.nextAction !== before.nextAction) return { kind: 'next-action', what: now.nextAction };
    if (Date.now() - since < STEADY_MS) continue;
    if (!now.busy && !(now.payHeld && requestsOut())) break;
    // At work, waiting for what only the sandbox's next move brings: the page had its hold after the sandbox's last word.
    if (!(await onlySandboxMoves().catch(() => false))) { stillSince = undefined; continue; }
    stillSince ??= Date.now();
    if (Date.now() - stillSince >= STEADY_MS) break;
  }
  if (same(last, before)) return { kind: 'nothing', ...(last.messages ? { text: last.messages } : {}) };
  if (last.invalid && !before.invalid) return { kind: 'error', text: 'the card form shows an error' };
  if (last.alerts && last.alerts !== before.alerts) return { kind: 'error', text: last.alerts };
  if (last.messages !== before.messages || last.url !== before.url) return { kind: 'message', text: last.messages || last.url };
  // A receipt may replace the live region (a heading, a region): what the shopper reads changed.
  if (last.text !== before.text) return { kind: 'message', text: last.text.split('\n').find((line) => line.trim() && !before.text.includes(line))?.trim() ?? '' };
  if (last.nextAction) return { kind: 'next-action', what: last.nextAction };
  return { kind: 'nothing' };
}

/** What the page sends and waits on (not the event streams it keeps open). */
const AWAITED = new Set(['document', 'fetch', 'xhr']);

export class CheckoutPage {
  private constructor(readonly page: Page, readonly challengeLoads: string[], private readonly out: Set<unknown>) {}

  /** Whether a request of the page (or its frames) has not had its answer yet. */
  readonly requestsOut = (): boolean => this.out.size > 0;

  /** A new shopper (a fresh context: no cookie, no stored order) on the checkout page. */
  static async open(context: BrowserContext, url: string, sandboxUrl: string): Promise<CheckoutPage> {
    const page = await context.newPage();
    const loads: string[] = [];
    const challenge = new URL('/sandbox/3ds/challenge/', sandboxUrl).href;
    const out = new Set<unknown>();
    page.on('request', (request) => {
      if (request.url().startsWith(challenge)) loads.push(request.url());
      if (AWAITED.has(request.resourceType())) out.add(request);
    });
    page.on('requestfinished', (request) => out.delete(request));
    page.on('requestfailed', (request) => out.delete(request));
    await page.goto(url);
    await page.locator('svc-card-form').first().waitFor({ state: 'attached', timeout: LOAD_MS });
    return new CheckoutPage(page, loads, out);
  }

  shown(): Promise<Shown> { return readShown(this.page); }

  /** Closes a PIX or boleto panel left open (its own Close button) so the page behind can be used. */
  async closeNextAction(): Promise<void> {
    const close = this.page.locator(`${NEXT_ACTION} dialog button.end`);
    if (await close.count()) await close.first().click().catch(() => {});
  }

  /**
   * Whether the page offers `method` at all: a <svc-payment-methods> with its radio. A card-only
   * checkout (a <svc-card-form> and no chooser) offers neither PIX nor boleto.
   */
  async offers(method: 'pix' | 'boleto'): Promise<boolean> {
    return (await this.page.locator(`svc-payment-methods input[type=radio][value=${method}]`).count()) > 0;
  }

  /** Chooses a method on <svc-payment-methods>; undefined, or why it could not. */
  async choose(method: 'card' | 'pix' | 'boleto'): Promise<string | undefined> {
    const chooser = this.page.locator('svc-payment-methods');
    if (!(await chooser.count())) return method === 'card' ? undefined : `the page has no <svc-payment-methods> to choose ${method}`;
    const radio = this.page.locator(`svc-payment-methods input[type=radio][value=${method}]`);
    if (!(await radio.count())) return `<svc-payment-methods> does not offer ${method}`;
    if (await radio.isChecked() && await radio.isVisible()) return undefined;
    // A page that waits for a PIX often locks or hides the methods, and offers its own way back.
    if (await radio.isDisabled() || !(await radio.isVisible())) {
      const other = this.page.getByRole('button', { name: OTHER_METHOD });
      if (await other.count() && await other.first().isVisible()) await other.first().click();
    }
    if (await radio.isDisabled()) return `<svc-payment-methods> stays disabled: ${method} cannot be chosen`;
    if (!(await radio.isVisible())) return `<svc-payment-methods> stays hidden: ${method} cannot be chosen (no visible "Choose another way to pay" button)`;
    await radio.check();
    return undefined;
  }

  /** Where the card is typed: the card frame, or the inline element. */
  private cardScope(): Page | FrameLocator {
    return this.page.frameLocator('svc-card-form iframe');
  }

  private async field(id: string): Promise<Locator | undefined> {
    for (const scope of [this.cardScope(), this.page]) {
      const input = scope.locator(`svc-card-form #${id}`);
      if (await input.count().catch(() => 0)) return input.first();
    }
    return undefined;
  }

  /**
   * Waits (up to LOAD_MS) for the card's number input: a server-rendered page has the
   * <svc-card-form> tag before its script has drawn the fields, or made its frame.
   */
  private async fieldsDrawn(): Promise<void> {
    const deadline = Date.now() + LOAD_MS;
    while (!(await this.field('number')) && Date.now() < deadline) await this.page.waitForTimeout(100);
  }

  /** Types the card under `holder` (any value in a field is replaced); undefined, or why it could not. */
  async typeCard(number: string, holder: string): Promise<string | undefined> {
    await this.fieldsDrawn();
    for (const [id, text] of [['number', number], ['expiry', EXPIRY], ['securityCode', '123'], ['holder', holder], ['holderDocument', HOLDER_CPF]] as const) {
      const input = await this.field(id);
      if (!input) { if (id === 'holderDocument') continue; return `the card form has no ${id} field`; }
      if (!(await input.isEditable().catch(() => false))) return `the card form's ${id} field cannot be typed in (disabled after the last payment?)`;
      // At once, as autofill or a paste enters it (a key at a time was most of a scenario's time under load).
      await input.fill(text);
    }
    return undefined;
  }

  /** Presses the submit button of the card form's form (twice, quickly, when asked). */
  async pay(twice = false): Promise<string | undefined> {
    const button = this.page.locator('form:has(svc-card-form) button[type=submit], form:has(svc-card-form) button:not([type])').first();
    if (!(await button.count())) return 'the card form is in no <form> with a submit button';
    await button.scrollIntoViewIfNeeded().catch(() => {});
    if (!(await button.isEnabled())) await button.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {});
    if (!(await button.isEnabled().catch(() => false))) return 'the Pay button stays disabled';
    await button.click(twice ? { clickCount: 2, delay: 30 } : {});
    return undefined;
  }

  /** The shopper's act in the 3-D Secure challenge frame: authenticate, fail, or press Cancel. */
  async challenge(act: 'complete' | 'fail' | 'cancel'): Promise<void> {
    if (act === 'cancel') return this.page.locator(`${NEXT_ACTION} dialog button.end`).first().click();
    const frame = this.page.frameLocator(`${NEXT_ACTION} iframe`);
    await frame.locator(`form[action*="/${act}"] button`).click();
  }

  /** The frames of the page (for a caller that needs one). */
  frames(): Frame[] { return this.page.frames(); }
}
