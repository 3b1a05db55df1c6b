// svc-card/ssr (issue 28 item 2): <svc-card-form> rendered in Node, without a DOM, to declarative
// shadow DOM with Lit's hydration markers; the browser side is e2e/element/ssr-hydrate.spec.ts.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderSvcCardForm, ssrStyleSource } from '../../src/ssr/index.js';
import { styles } from '../../src/element/svc-card-form.styles.js';

const shadowOf = (html: string) => /<template shadowrootmode="open" shadowrootdelegatesfocus>([\s\S]*)<\/template><\/svc-card-form>$/.exec(html)?.[1] ?? '';

describe('renderSvcCardForm', () => {
  it('renders the element with its shadow root as declarative shadow DOM: styles, the four fields, Lit markers', () => {
    const html = renderSvcCardForm({ name: 'card', 'key-id': 'v1' });
    expect(html).toMatch(/^<svc-card-form name="card" key-id="v1" lang="pt-BR"><template shadowrootmode="open" shadowrootdelegatesfocus><style>/);
    const shadow = shadowOf(html);
    expect(shadow.startsWith(`<style>${styles}</style><!--lit-part `)).toBe(true);
    for (const id of ['holder', 'number', 'expiry', 'securityCode']) expect(shadow).toContain(`<input id="${id}"`);
    expect(shadow).toContain('Número do cartão');
    expect(shadow).not.toContain('holderDocument');
    expect(shadow).not.toContain('<select');
  });

  it('writes the language it rendered in, and renders its texts', () => {
    const html = renderSvcCardForm({ lang: 'en' });
    expect(html).toMatch(/^<svc-card-form lang="en">/);
    expect(html).toContain('Card number');
    expect(html).not.toContain('Número do cartão');
  });

  it('renders the holder document and the installments when asked, as the element does', () => {
    const html = renderSvcCardForm({ 'holder-document': true, installments: JSON.stringify([{ installment: 1 }, { installment: 3 }]), amount: 12_990, disabled: true });
    expect(html).toMatch(/^<svc-card-form holder-document installments="\[\{&quot;installment&quot;:1\},\{&quot;installment&quot;:3\}\]" amount="12990" disabled lang="pt-BR">/);
    expect(html).toContain('<input id="holderDocument"');
    expect(html).toMatch(/<select id="installments"[^>]*disabled/);
    expect(html.match(/<option /g)).toHaveLength(2);
  });

  it('leaves out false and empty attributes, escapes values, and refuses a name that is not an attribute name', () => {
    const html = renderSvcCardForm({ disabled: false, id: undefined, class: 'a"b<c>&' });
    expect(html).toMatch(/^<svc-card-form class="a&quot;b&lt;c&gt;&amp;" lang="pt-BR">/);
    expect(() => renderSvcCardForm({ 'onload="x"': 'y' })).toThrow(/is not an attribute name/);
  });

  it('gives the CSP source of its <style>: the SHA-256 of the text it renders', async () => {
    const text = /<style>([\s\S]*?)<\/style>/.exec(renderSvcCardForm())![1]!;
    expect(await ssrStyleSource()).toBe(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  });
});
