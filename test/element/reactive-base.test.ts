// The element's base class (src/element/reactive-base.ts), which stands in for LitElement: the
// Lit behaviours <svc-card-form> and its users rely on, on a small element of its own.
import { html } from 'lit/html.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReactiveBase, type PropertyDeclarations, type PropertyValues } from '../../src/element/reactive-base.js';

const list = (value: string | null) => (value ?? '').split(',').filter(Boolean);
let tags = 0;

/** A fresh class and tag per test (a tag is defined once); `log` records the lifecycle. */
function defineProbe(name = `probe-base-${++tags}`) {
  const log: string[] = [];
  class Probe extends ReactiveBase {
    static override properties: PropertyDeclarations = {
      label: {},
      count: { type: Number },
      on: { type: Boolean, reflect: true },
      items: { attribute: 'item-list', converter: list },
      code: { reflect: true },
      secret: { attribute: false },
    };
    static override styles = ':host{display:block}';
    static override shadowRootOptions: ShadowRootInit = { ...ReactiveBase.shadowRootOptions, delegatesFocus: true };
    declare label: string;
    declare count: number | null;
    declare on: boolean;
    declare items: string[];
    declare code: string | undefined;
    declare secret: unknown;
    renders = 0;
    constructor() {
      super();
      this.label = 'default';
      this.on = false;
    }
    protected override willUpdate(changed: PropertyValues<this>) {
      log.push(`willUpdate ${[...changed.keys()].join(',')}`);
    }
    protected override firstUpdated() {
      log.push('firstUpdated');
    }
    protected override updated(changed: PropertyValues<this>) {
      log.push(`updated ${[...changed].map(([key, old]) => `${String(key)}=${String(old)}`).join(',')}`);
    }
    protected override render() {
      this.renders++;
      return html`<p>${this.label}:${this.count}</p>`;
    }
  }
  customElements.define(name, Probe);
  return { Probe, log, name };
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('ReactiveBase (the element base standing in for LitElement)', () => {
  it('renders once connected, batching the property sets of one task into one update', async () => {
    const { Probe, log } = defineProbe();
    const el = new Probe();
    el.label = 'a';
    el.label = 'b';
    el.count = 2;
    await Promise.resolve();
    expect(el.renders).toBe(0); // not connected yet: the first update waits
    document.body.append(el);
    expect(await el.updateComplete).toBe(true);
    expect(el.renders).toBe(1);
    expect(el.shadowRoot!.querySelector('p')!.textContent).toBe('b:2');
    // The old values are the ones before the update: undefined for the first one.
    expect(log).toEqual(['willUpdate label,on,count', 'firstUpdated', 'updated label=undefined,on=undefined,count=undefined']);
    el.count = 3;
    el.count = 4;
    el.label = 'b'; // unchanged: not an update
    await el.updateComplete;
    expect(el.renders).toBe(2);
    expect(log.at(-1)).toBe('updated count=2');
  });

  it('keeps a property set before the element was upgraded over the constructor default', async () => {
    const name = `probe-base-${++tags}`;
    const el = document.createElement(name) as HTMLElement & { label?: string };
    el.label = 'early';
    document.body.append(el);
    const { Probe } = defineProbe(name);
    expect(el).toBeInstanceOf(Probe);
    await (el as InstanceType<typeof Probe>).updateComplete;
    expect(el.label).toBe('early');
    expect(el.shadowRoot!.querySelector('p')!.textContent).toBe('early:');
  });

  it('converts attributes: string, Number, Boolean, a converter; attribute false is not observed', async () => {
    const { Probe } = defineProbe();
    const el = new Probe();
    document.body.append(el);
    el.setAttribute('label', 'x');
    el.setAttribute('count', '12');
    el.setAttribute('on', '');
    el.setAttribute('item-list', 'a,b');
    el.setAttribute('secret', 'no');
    expect([el.label, el.count, el.on, el.items, el.secret]).toEqual(['x', 12, true, ['a', 'b'], undefined]);
    el.removeAttribute('count');
    el.removeAttribute('on');
    el.removeAttribute('label');
    expect([el.label, el.count, el.on]).toEqual([null, null, false]);
    expect(Probe.observedAttributes.sort()).toEqual(['code', 'count', 'item-list', 'label', 'on']);
  });

  it('reflects properties declared reflect at the update, and leaves an attribute the page wrote as it is', async () => {
    const { Probe } = defineProbe();
    const el = new Probe();
    document.body.append(el);
    await el.updateComplete;
    expect(el.hasAttribute('on')).toBe(false);
    el.on = true;
    el.code = 'pt';
    el.label = 'not reflected';
    await el.updateComplete;
    expect([el.getAttribute('on'), el.getAttribute('code'), el.hasAttribute('label')]).toEqual(['', 'pt', false]);
    el.on = false;
    el.code = undefined;
    await el.updateComplete;
    expect([el.hasAttribute('on'), el.hasAttribute('code')]).toEqual([false, false]);
    el.setAttribute('on', 'yes');
    await el.updateComplete;
    expect([el.on, el.getAttribute('on')]).toEqual([true, 'yes']);
  });

  it('updates again when updated() or a request asks, and updateComplete tells whether one is pending', async () => {
    const { Probe } = defineProbe();
    const el = new Probe();
    document.body.append(el);
    await el.updateComplete;
    el.requestUpdate();
    const first = el.updateComplete;
    await first;
    expect(el.renders).toBe(2);
    class Again extends Probe {
      protected override updated(changed: PropertyValues<this>) {
        super.updated(changed);
        if (this.renders === 1) this.requestUpdate();
      }
    }
    customElements.define(`probe-base-${++tags}`, Again);
    const again = new Again();
    document.body.append(again);
    expect(await again.updateComplete).toBe(false); // another update was requested from updated()
    await again.updateComplete;
    expect(again.renders).toBe(2);
  });

  it('adopts its styles as one constructed sheet per class, with no <style> element, in the declared shadow root', async () => {
    const { Probe } = defineProbe();
    const [one, two] = [new Probe(), new Probe()];
    document.body.append(one, two);
    await Promise.all([one.updateComplete, two.updateComplete]);
    const [sheet] = one.shadowRoot!.adoptedStyleSheets;
    expect(sheet).toBeInstanceOf(CSSStyleSheet);
    expect(two.shadowRoot!.adoptedStyleSheets).toEqual([sheet]);
    expect([...sheet!.cssRules].map((rule) => rule.cssText).join('')).toContain('display: block');
    expect(one.shadowRoot!.querySelector('style')).toBeNull();
    expect(one.shadowRoot!.mode).toBe('open');
  });

  it('falls back to a <style> where style sheets cannot be constructed (Safari before 16.4), as LitElement does', async () => {
    const { Probe } = defineProbe();
    vi.stubGlobal('CSSStyleSheet', class {
      constructor() {
        throw new TypeError('Illegal constructor');
      }
    });
    const el = new Probe();
    document.body.append(el);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('style')!.textContent).toBe(':host{display:block}');
    expect(el.shadowRoot!.querySelector('p')!.textContent).toBe('default:');
  });
});
