// `lang` as native controls take it: the element's own, else the nearest ancestor's (across
// shadow roots), else pt-BR; and the rendered content carries the language of its texts.
import { afterEach, describe, expect, it } from 'vitest';
import type { SvcCardForm } from '../../src/element/index.js';
import { mount } from './support/dom.js';

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
});

const label = (el: SvcCardForm) => el.shadowRoot!.querySelector('label[for="number"]')!.textContent;
const contentLangs = (el: SvcCardForm) => [...el.shadowRoot!.querySelectorAll('[part~="group"], [part~="status"]')].map((node) => node.getAttribute('lang'));
const inner = (html: string) => mount(html).then(() => document.querySelector('svc-card-form')!);

describe('<svc-card-form> language', () => {
  it('speaks English on an <html lang="en"> page, and says so on its content', async () => {
    document.documentElement.setAttribute('lang', 'en');
    const el = await mount();
    expect(label(el)).toBe('Card number');
    expect(contentLangs(el)).toEqual(['en', 'en']);
  });

  it('takes the nearest ancestor: <section lang="en-GB"> inside <html lang="pt-BR">', async () => {
    document.documentElement.setAttribute('lang', 'pt-BR');
    const el = await inner('<section lang="en-GB"><div><svc-card-form></svc-card-form></div></section>');
    expect(label(el)).toBe('Card number');
    expect(contentLangs(el)).toEqual(['en-GB', 'en-GB']);
  });

  it('prefers its own lang over any ancestor', async () => {
    const el = await inner('<div lang="en"><svc-card-form lang="pt-BR"></svc-card-form></div>');
    expect(label(el)).toBe('Número do cartão');
    expect(contentLangs(el)).toEqual(['pt-BR', 'pt-BR']);
  });

  it('crosses shadow roots: a host with lang="en" makes a nested element English', async () => {
    document.body.innerHTML = '<checkout-host lang="en"></checkout-host>';
    const root = document.querySelector('checkout-host')!.attachShadow({ mode: 'open' });
    root.innerHTML = '<div><svc-card-form></svc-card-form></div>';
    const el = root.querySelector('svc-card-form')!;
    await el.updateComplete;
    expect(label(el)).toBe('Card number');
  });

  it('falls back to pt-BR for other languages or none, and marks the content pt-BR', async () => {
    for (const html of ['<div lang="es"><svc-card-form></svc-card-form></div>', '<svc-card-form></svc-card-form>']) {
      const el = await inner(html);
      expect(label(el)).toBe('Número do cartão');
      expect(contentLangs(el)).toEqual(['pt-BR', 'pt-BR']);
    }
  });

  it('marks overridden texts with the language tag in use', async () => {
    const el = await inner('<div lang="es"><svc-card-form></svc-card-form></div>');
    el.strings = { numberLabel: 'Número de tarjeta' };
    await el.updateComplete;
    expect(label(el)).toBe('Número de tarjeta');
    expect(contentLangs(el)).toEqual(['es', 'es']);
  });

  // validationMessage (ElementInternals, not in happy-dom): e2e/element/api.spec.ts.
  it('renders a lang set as a property in that language at once (Lit reflects the attribute only after the render)', async () => {
    const el = await mount();
    el.lang = 'en';
    await el.updateComplete;
    expect([label(el), el.getAttribute('lang')]).toEqual(['Card number', 'en']);
    expect(contentLangs(el)).toEqual(['en', 'en']);
    el.lang = 'pt-BR';
    await el.updateComplete;
    expect(label(el)).toBe('Número do cartão');
  });
});
