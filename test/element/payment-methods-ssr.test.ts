// The chooser's server render is the element's own render (one view, payment-methods/view.ts):
// for the same attributes, the shadow root the element makes is the markup svc-card/ssr writes, so
// the element taking over a server-rendered root changes nothing painted.
import { afterEach, expect, it } from 'vitest';
import fc from 'fast-check';
import '../../src/payment-methods/define.js';
import { renderSvcPaymentMethods } from '../../src/ssr/payment-methods.js';

afterEach(() => document.body.replaceChildren());

/** The server's shadow root, parsed and serialized by the document as the element's is. */
const serverShadow = (html: string) => {
  const parsed = document.createElement('template');
  parsed.innerHTML = /<\/style>([\s\S]*)<\/template>/.exec(html)![1]!;
  return parsed.innerHTML;
};

it('for any methods, value and lang, the element renders the nodes the server wrote', () => {
  const word = fc.constantFrom('card', 'pix', 'boleto', 'CREDIT_CARD', 'BOLETO', 'cheque', '');
  fc.assert(fc.property(fc.array(word, { maxLength: 4 }), word, fc.constantFrom('pt-BR', 'en', 'en-US'), (methods, value, lang) => {
    const attributes = { methods: methods.join(' '), value, lang };
    const chooser = document.createElement('svc-payment-methods');
    for (const [name, text] of Object.entries(attributes)) chooser.setAttribute(name, text);
    document.body.replaceChildren(chooser);
    const made = chooser.shadowRoot!;
    // The element keeps `checked` as state (the property); the server writes it as the attribute.
    for (const radio of made.querySelectorAll('input')) radio.toggleAttribute('checked', radio.checked);
    expect(made.innerHTML).toBe(serverShadow(renderSvcPaymentMethods(attributes)));
  }), { numRuns: 60 });
});
