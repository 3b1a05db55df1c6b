// <svc-payment-methods> offers PIX Automático (issue 40 item 3) when the merchant names it
// (pix-auto, or PIX_AUTO): a plan's checkout. It is never in the default three (a
// one-off order cannot be paid by a mandate), its API method is PIX (a PIX subscription asks the
// mandate), and both renders (the element's and svc-card/ssr's) name it the same.
import { afterEach, expect, it } from 'vitest';
import fc from 'fast-check';
import '../../src/payment-methods/define.js';
import { parseMethods } from '../../src/payment-methods/methods.js';
import { renderSvcPaymentMethods } from '../../src/ssr/payment-methods.js';

afterEach(() => document.body.replaceChildren());

it('named, in the merchant\'s order; the same in its other spellings; never offered when not named', () => {
  expect(parseMethods('pix-auto card')).toEqual(['pix-auto', 'card']);
  expect(parseMethods('PIX_AUTO, CREDIT_CARD')).toEqual(['pix-auto', 'card']);
  expect(parseMethods('pix_auto pix')).toEqual(['pix-auto', 'pix']);
  expect(parseMethods('')).toEqual(['card', 'pix', 'boleto']);
  fc.assert(fc.property(fc.array(fc.constantFrom('card', 'pix', 'boleto', 'cheque', 'PIX', '')), (words) => !parseMethods(words.join(' ')).includes('pix-auto')));
});

it('chosen: its name and hint in the radio group, its event says method pix-auto, paymentMethod PIX', () => {
  const element = document.createElement('svc-payment-methods');
  element.setAttribute('methods', 'pix-auto card');
  element.setAttribute('lang', 'pt-BR');
  document.body.append(element);
  const label = element.shadowRoot!.querySelector('[part~=method-pix-auto]')!;
  expect(label.querySelector('span')!.textContent).toBe('PIX Automático');
  expect(label.querySelector('small')!.textContent).toContain('debitada no vencimento');
  expect(element.value).toBe('pix-auto');
  expect(element.detail).toEqual({ method: 'pix-auto', paymentMethod: 'PIX' });
  const seen: unknown[] = [];
  element.addEventListener('svc-method-change', (event) => seen.push((event as CustomEvent).detail));
  element.value = 'card';
  (element.shadowRoot!.querySelector('input[value=pix-auto]') as HTMLInputElement).click();
  expect(seen.at(-1)).toEqual({ method: 'pix-auto', paymentMethod: 'PIX' });
});

it('svc-card/ssr writes it as the element does', () => {
  const html = renderSvcPaymentMethods({ methods: 'card pix-auto', lang: 'en' });
  expect(String(html)).toContain('PIX Automático');
  expect(String(html)).toContain('value="pix-auto"');
});
