// svc-card/ssr's renderSvcPaymentMethods (issue 27): the chooser as declarative shadow DOM, in Node
// without a DOM. That it is the element's own render is test/element/payment-methods-ssr.test.ts.
import { describe, expect, it } from 'vitest';
import { renderSvcPaymentMethods } from '../../src/ssr/index.js';
import { STYLE } from '../../src/payment-methods/styles.js';

const parts = (html: string) => {
  const found = /^<svc-payment-methods([^>]*)><template shadowrootmode="open"><style>([\s\S]*?)<\/style>([\s\S]*)<\/template>([\s\S]*)<\/svc-payment-methods>$/.exec(html);
  return { attributes: found?.[1], style: found?.[2], shadow: found?.[3] ?? '', content: found?.[4] };
};
const checkedOf = (shadow: string) => [...shadow.matchAll(/<input type="radio" name="method" value="(\w+)"( checked)?>/g)].map((m) => `${m[1]}${m[2] ? '*' : ''}`);

describe('renderSvcPaymentMethods', () => {
  it('renders the offered methods in order, the first checked and its slot the one shown, the panels after the root', () => {
    const html = renderSvcPaymentMethods({ id: 'methods', methods: 'pix CREDIT_CARD' }, '<p slot="pix">QR</p>');
    const { attributes, style, shadow, content } = parts(html);
    expect(attributes).toBe(' id="methods" methods="pix CREDIT_CARD" lang="pt-BR"');
    expect(style).toBe(STYLE);
    expect(checkedOf(shadow)).toEqual(['pix*', 'card']);
    expect(shadow).toMatch(/^<fieldset part="methods"><legend>Forma de pagamento<\/legend><label part="method method-pix">/);
    expect(shadow).toContain('<span>Cartão de crédito</span><b>Cartão</b><small>À vista ou parcelado</small>');
    expect(shadow.endsWith('</fieldset><slot name="pix"></slot>')).toBe(true);
    expect(content).toBe('<p slot="pix">QR</p>');
  });

  it('checks the value given when offered, else the first; hides the group for one method; speaks en', () => {
    expect(checkedOf(parts(renderSvcPaymentMethods({ methods: 'card pix boleto', value: 'boleto' })).shadow)).toEqual(['card', 'pix', 'boleto*']);
    expect(checkedOf(parts(renderSvcPaymentMethods({ methods: 'card pix', value: 'boleto' })).shadow)).toEqual(['card*', 'pix']);
    const one = parts(renderSvcPaymentMethods({ methods: 'boleto', lang: 'en' })).shadow;
    expect(one).toMatch(/^<fieldset part="methods" hidden><legend>Payment method<\/legend>/);
    expect(one).toContain('<slot name="boleto"></slot>');
  });

  it('escapes attribute values, leaves out false ones, and refuses a name that is not an attribute name', () => {
    expect(renderSvcPaymentMethods({ class: 'a"b<c>&', hidden: false })).toMatch(/^<svc-payment-methods class="a&quot;b&lt;c&gt;&amp;" lang="pt-BR"><template/);
    expect(() => renderSvcPaymentMethods({ 'onclick="x"': 'y' })).toThrow(/renderSvcPaymentMethods: "onclick="x"" is not an attribute name/);
  });
});
