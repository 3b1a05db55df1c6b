// <svc-payment-methods> speaks the language the card form beside it speaks: its own lang, else the
// nearest ancestor's across shadow roots (src/shared/lang.ts), as both card form modes do.
import { afterEach, expect, it } from 'vitest';
import '../../src/payment-methods/define.js';

afterEach(() => document.body.replaceChildren());

const legendOf = (chooser: Element) => chooser.shadowRoot!.querySelector('legend')!.textContent;

it('inside a shadow tree under a lang="en" host, the chooser is in English (the document says pt-BR)', () => {
  document.documentElement.lang = 'pt-BR';
  const host = Object.assign(document.createElement('div'), { lang: 'en' });
  document.body.append(host);
  const chooser = document.createElement('svc-payment-methods');
  chooser.setAttribute('methods', 'card pix');
  host.attachShadow({ mode: 'open' }).append(chooser);
  expect(legendOf(chooser)).toBe('Payment method');
});

it('its own lang comes before its ancestors\'', () => {
  const host = Object.assign(document.createElement('div'), { lang: 'en' });
  const chooser = Object.assign(document.createElement('svc-payment-methods'), { lang: 'pt-BR' });
  chooser.setAttribute('methods', 'card pix');
  host.append(chooser);
  document.body.append(host);
  expect(legendOf(chooser)).toBe('Forma de pagamento');
});
