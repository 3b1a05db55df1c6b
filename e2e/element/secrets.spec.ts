// @engines all
// Card data never leaves the fields in the clear: after a full flow (typing,
// blur, a failed then a good submit, encryption) no attribute anywhere (shadow
// roots included), event detail, form value or console message holds the
// number, the code, the expiry or the holder name.
import { EXP_YEAR } from '../support/cards.mjs';
import { decryptWithSharedKey } from '../support/decrypt.js';
import { expect, test, CARD } from './fixture.js';

const SECRETS = [CARD.number, CARD.number.slice(0, 12), '5555 5555 5555 4444', CARD.code, CARD.holder, `12/${EXP_YEAR.slice(2)}`, EXP_YEAR];

test('no card number or code in attributes, events, form value or console', async ({ checkout }) => {
  await checkout.open('?stay');
  // A first attempt with a bad code, so errors and events go through too.
  await checkout.fill({ code: '32' });
  await checkout.field('securityCode').press('Tab');
  await checkout.page.locator('#pay').click();
  await expect.poll(() => checkout.field('securityCode').attribute('aria-invalid')).toBe('true');
  await checkout.field('securityCode').type('1');
  await checkout.field('securityCode').press('Backspace');
  await checkout.field('securityCode').type(CARD.code.slice(2));
  await checkout.page.locator('#pay').click();
  await expect.poll(async () => (await checkout.seen()).submits.length).toBe(1);

  const seen = await checkout.page.evaluate(() => {
    const attributes: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        for (const attribute of element.attributes) attributes.push(`${element.localName}[${attribute.name}]=${attribute.value}`);
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    walk(document);
    return {
      attributes,
      events: JSON.stringify(window.seen.events),
      formValue: String(new FormData(document.getElementById('checkout') as HTMLFormElement).get('card')),
      submits: JSON.stringify(window.seen.submits),
    };
  });
  const consoleText = await checkout.page.consoleMessages();
  // The flow really happened: the fields hold the card, events and the token exist.
  await expect.poll(() => checkout.field('number').value()).toBe('5555 5555 5555 4444');
  expect(seen.events).toContain('svc-encrypted');
  expect(seen.events).toContain('"last4":"4444"');
  expect(JSON.parse(seen.formValue).keyId).toBe('v1');
  // The token holds exactly what was typed (the fixed code, not the first bad attempt).
  expect((await decryptWithSharedKey(JSON.parse(seen.formValue))).paymentProfile).toEqual({
    holderName: CARD.holder, cardNumber: CARD.number, cardExpiration: `12/${EXP_YEAR}`, cardCvv: CARD.code,
  });
  expect(seen.attributes.length).toBeGreaterThan(20);

  // Random base64 may contain any short digit run: blank the token's members before searching.
  const blank = (text: string) => text.replace(/\\?"(encryptedKey|iv|ciphertext|authTag)\\?":\\?"[A-Za-z0-9+/=]*\\?"/g, '$1');
  for (const secret of SECRETS) {
    for (const attribute of seen.attributes) expect(attribute, secret).not.toContain(secret);
    expect(blank(seen.events).replaceAll('"last4":"4444"', ''), secret).not.toContain(secret);
    expect(blank(seen.formValue), secret).not.toContain(secret);
    expect(blank(seen.submits), secret).not.toContain(secret);
    for (const text of consoleText) expect(text, secret).not.toContain(secret);
  }
  expect(blank(seen.formValue)).toBe('{"keyId":"v1",encryptedKey,iv,ciphertext,authTag}');
  expect(seen.events).not.toMatch(/"(number|securityCode|cardNumber|cardCvv|holder)"\s*:/);
});
