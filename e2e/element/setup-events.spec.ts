// @engines all
// In real browsers: svc-ready once the fields exist, svc-focus / svc-blur naming the field as
// the customer tabs through, and a bad public-key told at once (one console warning naming the
// attribute, svc-error INVALID_PUBLIC_KEY) before anyone types a card.
import { expect, test, PUBLIC_KEY } from './fixture.js';

/** In the page: mounts a fresh element with these attributes; resolves what it fired until `until` came. */
const mount = ({ attributes, until }: { attributes: Record<string, string>; until: string }) => new Promise<unknown[]>((resolve) => {
  const el = document.createElement('svc-card-form');
  const seen: unknown[] = [];
  for (const type of ['svc-ready', 'svc-error']) {
    el.addEventListener(type, (event) => {
      seen.push({ type, detail: (event as CustomEvent).detail, inputs: el.shadowRoot?.querySelectorAll('input').length ?? 0 });
      if (type === until) resolve(seen);
    });
  }
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
});

test('svc-ready fires once the four inputs exist; a good key is not told about', async ({ checkout }) => {
  await checkout.open();
  // What the page logged from here on (the fixture's own element was told its key only after connecting).
  const logged = (await checkout.page.consoleMessages()).length;
  const seen = await checkout.page.evaluate(mount, { attributes: { 'public-key': PUBLIC_KEY }, until: 'svc-ready' });
  expect(seen).toEqual([{ type: 'svc-ready', detail: {}, inputs: 4 }]);
  // The key check of this element has ended once encrypting with the same key resolves (shared import).
  await checkout.page.evaluate((pem) => window.svc.encryptCard({ publicKey: pem } as Parameters<typeof window.svc.encryptCard>[0]), PUBLIC_KEY);
  expect((await checkout.page.consoleMessages()).slice(logged)).toEqual([]);
});

test('a private key given as public-key is told at once, by name, in one warning', async ({ checkout }) => {
  await checkout.open();
  const logged = (await checkout.page.consoleMessages()).length;
  const privatePem = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
  const seen = await checkout.page.evaluate(mount, { attributes: { 'public-key': privatePem }, until: 'svc-error' }) as { type: string; detail: { code: string; message: string } }[];
  const error = seen.find((event) => event.type === 'svc-error')!;
  expect(error.detail.code).toBe('INVALID_PUBLIC_KEY');
  expect(error.detail.message).toBe('<svc-card-form> public-key: this is a private key: the page needs the public key');
  await expect.poll(async () => (await checkout.page.consoleMessages()).slice(logged)).toEqual([error.detail.message]);
});

test('svc-focus and svc-blur name each field as the customer tabs through', async ({ checkout }) => {
  await checkout.open();
  await checkout.page.evaluate(() => {
    (window as unknown as { focusLog: string[] }).focusLog = [];
    for (const type of ['svc-focus', 'svc-blur']) {
      document.addEventListener(type, (event) => (window as unknown as { focusLog: string[] }).focusLog.push(`${type}:${(event as CustomEvent<{ field: string }>).detail.field}`));
    }
  });
  // In the form's order, the number first (issue 27).
  await checkout.field('number').focus();
  await checkout.page.keyboard.press('Tab');
  await checkout.page.keyboard.press('Tab');
  expect(await checkout.page.evaluate(() => (window as unknown as { focusLog: string[] }).focusLog)).toEqual([
    'svc-focus:number', 'svc-blur:number', 'svc-focus:expiry', 'svc-blur:expiry', 'svc-focus:securityCode',
  ]);
});
