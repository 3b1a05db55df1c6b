// Driving the card frame in WebKitGTK over WebDriver (the webkit-*.spec.ts files): EnginePage
// has no frames, so these use the WebKitWebDriver session itself.
import type { WebDriver, WebElement } from 'selenium-webdriver';

/** The card frame's iframe, once the element set its height from the frame's ready message (svc-ready). */
export const readyCardFrame = async (driver: WebDriver): Promise<WebElement> => (await driver.wait(async () => driver.executeScript(
  "const f = document.querySelector('svc-card-form')?.shadowRoot?.querySelector('iframe'); return f?.style.height ? f : null"), 15_000, 'the card frame ready')) as WebElement;

/**
 * Types each text into the frame's field of that id; call it switched into the frame.
 * WebKitWebDriver calls a shadow input inside a cross-origin frame "not focusable" for
 * sendKeys, and script focus does not reach an unfocused frame: click each, then type.
 * As a person scrolls to a field below the fold before tapping it, the page is scrolled to the
 * field first: a WebDriver click at a point outside the window reaches nothing, and the keys
 * after it were lost (at 390x844).
 */
export async function typeInFrame(driver: WebDriver, typed: Record<string, string>): Promise<void> {
  for (const [id, text] of Object.entries(typed)) {
    const top = await driver.executeScript(`return document.querySelector('svc-card-form').shadowRoot.getElementById('${id}').getBoundingClientRect().top`);
    await driver.switchTo().parentFrame();
    await driver.switchTo().frame(await driver.executeScript(`const frame = document.querySelector('svc-card-form').shadowRoot.querySelector('iframe');
      scrollBy(0, frame.getBoundingClientRect().top + arguments[0] - innerHeight / 2); return frame`, top) as WebElement);
    const input = await driver.executeScript(`return document.querySelector('svc-card-form').shadowRoot.getElementById('${id}')`);
    await driver.actions().click(input as WebElement).perform();
    await driver.actions().sendKeys(text).perform();
  }
}
