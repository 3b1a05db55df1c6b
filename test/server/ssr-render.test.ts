// svc-card/ssr (issue 28 item 2): <svc-card-form> rendered in Node, without a DOM, to declarative
// shadow DOM with Lit's hydration markers; the browser side is e2e/element/ssr-hydrate.spec.ts.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderSvcCardForm, renderSvcPaymentMethods, ssrStyleSource } from '../../src/ssr/index.js';
import { styles } from '../../src/element/svc-card-form.styles.js';

const shadowOf = (html: string) => /<template shadowrootmode="open" shadowrootdelegatesfocus>([\s\S]*)<\/template><\/svc-card-form>$/.exec(html)?.[1] ?? '';

describe('renderSvcCardForm', () => {
  it('renders the element with its shadow root as declarative shadow DOM: styles, the four fields, Lit markers', () => {
    const html = renderSvcCardForm({ name: 'card', 'key-id': 'v1' });
    expect(html).toMatch(/^<svc-card-form name="card" key-id="v1" lang="pt-BR"><template shadowrootmode="open" shadowrootdelegatesfocus><style>/);
    const shadow = shadowOf(html);
    // The element's style, then the server's own rule for a page still arriving (e2e/frame/streamed-html).
    expect(shadow).toMatch(new RegExp(`^<style>${styles.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^<]*</style><!--lit-part `));
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

  it('gives the CSP sources of its <style>: the SHA-256 of the text each render writes (both modes, the chooser)', async () => {
    const source = (html: string) => `'sha256-${createHash('sha256').update(/<style>([\s\S]*?)<\/style>/.exec(html)![1]!).digest('base64')}'`;
    const framed = renderSvcCardForm({ 'frame-src': FRAME_SRC }, { origin: ORIGIN });
    expect(await ssrStyleSource()).toBe(`${source(renderSvcCardForm())} ${source(framed)} ${source(renderSvcPaymentMethods())}`);
  });
});

const FRAME_SRC = 'https://svc.example/svc/0.1.0/card-frame.html';
const ORIGIN = 'https://shop.example';
const iframeOf = (html: string) => {
  const src = /<iframe( class="rates")? referrerpolicy="no-referrer" title="([^"]*)" src="([^"]*)"><\/iframe>/.exec(html);
  const url = new URL(src![3]!.replace(/&amp;/g, '&'));
  const params = new URLSearchParams(url.hash.slice(1));
  return { rates: !!src![1], title: src![2], page: url.href.replace(url.hash, ''), channel: params.get('channel'), origin: params.get('origin'), config: JSON.parse(params.get('config')!) };
};

describe('renderSvcCardForm in frame mode (issue 27)', () => {
  const plans = [{ installment: 1, installmentAmount: 12_990, totalAmount: 12_990 }, { installment: 3, fee: 0.0199, installmentAmount: 4_417, totalAmount: 13_251 }];

  it('renders the iframe pointing at the frame, its fragment the one the element writes: channel, origin, config', () => {
    const html = renderSvcCardForm({ name: 'card', 'frame-src': FRAME_SRC, 'key-id': 'v1', lang: 'en', amount: 12_990, installments: JSON.stringify(plans), 'holder-document': true }, { origin: ORIGIN });
    expect(html).toMatch(/^<svc-card-form name="card" frame-src="https:\/\/svc\.example\/svc\/0\.1\.0\/card-frame\.html" key-id="v1" lang="en" amount="12990" installments="[^"]+" holder-document><template shadowrootmode="open" shadowrootdelegatesfocus><style>/);
    expect(html).not.toContain('<input');
    const iframe = iframeOf(html);
    expect(iframe).toMatchObject({ title: 'Card details', page: FRAME_SRC, origin: ORIGIN });
    expect(iframe.channel).toMatch(/^[0-9a-f]{32}$/);
    expect(iframe.config).toEqual({
      v: 1, type: 'config', lang: 'en', strings: {}, acceptedBrands: [], disabled: false, keyId: 'v1', style: {},
      installments: plans.map((plan) => ({ fee: undefined, brands: undefined, ...plan })).map((plan) => JSON.parse(JSON.stringify(plan))), amount: 12_990, holderDocument: true,
    });
  });

  it('gives every render a channel of its own', () => {
    const channels = new Set(Array.from({ length: 20 }, () => iframeOf(renderSvcCardForm({ 'frame-src': FRAME_SRC }, { origin: ORIGIN })).channel));
    expect(channels.size).toBe(20);
  });

  it('sends no plans that fail the check (as the element: none while they do not), and the pt-BR title by default', () => {
    const bad = [...plans, { installment: 0 }];
    const iframe = iframeOf(renderSvcCardForm({ 'frame-src': FRAME_SRC, amount: 12_990, installments: JSON.stringify(bad), 'accepted-brands': 'visa elo', disabled: true }, { origin: ORIGIN }));
    expect(iframe.config).toMatchObject({ lang: 'pt-BR', installments: [], amount: 0, acceptedBrands: ['visa', 'elo'], disabled: true });
    expect(iframe.title).toBe('Dados do cartão');
  });

  it('refuses a render without the page\'s exact origin, or with a frame-src that is not an absolute http(s) URL, naming it', () => {
    expect(() => renderSvcCardForm({ 'frame-src': FRAME_SRC })).toThrow(/options\.origin must be the page's origin/);
    for (const origin of ['https://shop.example/', 'https://shop.example/checkout', 'javascript:x', 'shop.example']) {
      expect(() => renderSvcCardForm({ 'frame-src': FRAME_SRC }, { origin })).toThrow(/options\.origin/);
    }
    for (const src of ['/card-frame.html', 'javascript:alert(1)', 'data:text/html,x']) {
      expect(() => renderSvcCardForm({ 'frame-src': src }, { origin: ORIGIN })).toThrow(/frame-src must be an absolute http\(s\) URL/);
    }
  });

  // The reserve's line for the rates' second line (frame/parent/styles.ts), from the HTML as the element sets it:
  // e2e/frame/steady-layout's 'the frame's answer moves nothing' saw 462 then 476 px in Chromium without it.
  it('gives the iframe the reserve\'s line for the rates exactly when a plan has interest', () => {
    const render = (installments?: unknown) => iframeOf(renderSvcCardForm({ 'frame-src': FRAME_SRC, amount: 12_990, ...(installments ? { installments: JSON.stringify(installments) } : {}) }, { origin: ORIGIN })).rates;
    expect(render([{ installment: 1 }, { installment: 12, installmentAmount: 12.1, monthlyRate: 1.76, cet: 23.23 }])).toBe(true);
    expect(render([{ installment: 12, fee: 5 }])).toBe(true);
    expect(render([{ installment: 1 }, { installment: 3 }])).toBe(false);
    expect(render([{ installment: 3, fee: -1 }])).toBe(false); // bad plans: no control, no line
    expect(render()).toBe(false);
  });

  it('escapes the title and the URL it writes', () => {
    const html = renderSvcCardForm({ 'frame-src': `${FRAME_SRC}?a="b"&c=<d>`, title: 'Cartão "teste" <b>' }, { origin: ORIGIN });
    expect(html).toContain('title="Cartão &quot;teste&quot; &lt;b&gt;"');
    expect(/<iframe[^>]*>/.exec(html)![0]).not.toMatch(/src="[^"]*[<>"][^"]*"/);
  });
});
