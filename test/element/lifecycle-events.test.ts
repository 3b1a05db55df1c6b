// svc-ready, svc-focus and svc-blur: when they fire and what they carry (never card data).
import { afterEach, describe, expect, it } from 'vitest';
import type { SvcFieldDetail } from '../../src/element/index.js';
import { blur, input, mount, record, type } from './support/dom.js';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('<svc-card-form> lifecycle events', () => {
  it('fires svc-ready once, when the fields exist, and not again on later renders', async () => {
    const el = document.createElement('svc-card-form');
    const ready: unknown[] = [];
    el.addEventListener('svc-ready', (event) => ready.push(input(el, 'number') ? event.detail : 'no fields yet'));
    document.body.append(el);
    await el.updateComplete;
    await type(el, 'number', '4111');
    el.lang = 'en';
    await el.updateComplete;
    expect(ready).toEqual([{}]);
  });

  it('says ready from svc-ready on, so a script that comes later reads it instead of the event', async () => {
    const el = document.createElement('svc-card-form');
    const seen: boolean[] = [el.ready];
    el.addEventListener('svc-ready', () => seen.push(el.ready));
    document.body.append(el);
    seen.push(el.ready); // connected, not rendered yet: the first update is a microtask away
    await el.updateComplete;
    el.remove();
    seen.push(el.ready); // its fields stay rendered
    expect(seen).toEqual([false, false, true, true]);
  });

  it('bubbles svc-ready out of the element (composed), so a page can listen on document', async () => {
    const seen = record(document, 'svc-ready');
    await mount();
    expect(seen).toHaveLength(1);
  });

  it('names the field in svc-focus and svc-blur, and only the field', async () => {
    const el = await mount();
    const focused = record<SvcFieldDetail>(el, 'svc-focus');
    const blurred = record<SvcFieldDetail>(el, 'svc-blur');
    await type(el, 'number', '4111 1111 1111'); // not complete: it does not move on
    await blur(el, 'number');
    input(el, 'securityCode').dispatchEvent(new FocusEvent('focus'));
    await blur(el, 'securityCode');
    expect(focused).toEqual([{ field: 'number' }, { field: 'securityCode' }]);
    expect(blurred).toEqual([{ field: 'number' }, { field: 'securityCode' }]);
  });
});
