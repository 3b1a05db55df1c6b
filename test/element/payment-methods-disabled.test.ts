// <svc-payment-methods disabled>: no other method can be chosen (a page sets it while the chosen
// method pays, as the demo does for a card payment under way), in both of its renders.
import { afterEach, expect, it } from 'vitest';
import '../../src/payment-methods/define.js';
import { renderSvcPaymentMethods } from '../../src/ssr/payment-methods.js';

afterEach(() => document.body.replaceChildren());

const chooser = () => {
  const element = document.createElement('svc-payment-methods');
  element.setAttribute('methods', 'card pix boleto');
  const card = Object.assign(document.createElement('fieldset'), { slot: 'card' }); // a panel the chooser disables when hidden
  element.append(card);
  document.body.append(element);
  return { element, card, group: () => element.shadowRoot!.querySelector('fieldset')! };
};

it('disabled (the property reflects the attribute): the radio group is disabled, the chosen method and its panel stay; enabled again, it chooses as before', () => {
  const { element, card, group } = chooser();
  expect(element.disabled).toBe(false);
  expect(group().disabled).toBe(false);
  element.disabled = true;
  expect(element.hasAttribute('disabled')).toBe(true);
  expect(group().disabled).toBe(true);
  expect(element.value).toBe('card');
  expect(card.hasAttribute('disabled')).toBe(false); // the card form is the chosen panel: it is not disabled
  element.removeAttribute('disabled');
  expect(element.disabled).toBe(false);
  expect(group().disabled).toBe(false);
  const changes: string[] = [];
  element.addEventListener('svc-method-change', (event) => changes.push(event.detail.method));
  const pix = element.shadowRoot!.querySelector<HTMLInputElement>('input[value="pix"]')!;
  pix.checked = true;
  pix.dispatchEvent(new Event('change', { bubbles: true }));
  expect(changes).toEqual(['pix']);
  expect(card.hasAttribute('disabled')).toBe(true);
});

it('disabled toggles the radio group in place: the group and the slot stay the same nodes (a render would take the card form out of its slot and back)', () => {
  const { element, group } = chooser();
  const before = group();
  const slot = element.shadowRoot!.querySelector('slot');
  element.disabled = true;
  element.disabled = false;
  expect(group()).toBe(before);
  expect(element.shadowRoot!.querySelector('slot')).toBe(slot);
  element.setAttribute('lang', 'en'); // any other attribute renders again, as before
  expect(group()).not.toBe(before);
});

it('the server render writes the disabled radio group, as the element renders it', () => {
  const html = renderSvcPaymentMethods({ methods: 'card pix', disabled: true });
  expect(html).toMatch(/^<svc-payment-methods methods="card pix" disabled lang="pt-BR">/);
  expect(html).toContain('<fieldset part="methods" disabled>');
  expect(renderSvcPaymentMethods({ methods: 'card pix' })).toContain('<fieldset part="methods">');
});
