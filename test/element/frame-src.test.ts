// <svc-card-form frame-src> with an inline script (svc-card-form.js, svc-card/define): the
// merchant asked for the card frame; the inline element must not take the card in the page.
// It disables its fields and warns once, naming the attribute and the frame-mode script.
import { describe, expect, it } from 'vitest';
import { FRAME_SRC_MESSAGE } from '../../src/element/frame-src.js';
import { recordWarnings } from './support/warnings.js';
import { input, mount } from './support/dom.js';

const warnings = recordWarnings();

describe('<svc-card-form frame-src> under the inline script', () => {
  it('disables every field and warns once, naming frame-src and svc-card-form-frame.js', async () => {
    const el = await mount('<svc-card-form frame-src="https://pay.example/card-frame.html" key-id="v1"></svc-card-form>');
    expect(el.disabled).toBe(true);
    for (const id of ['holder', 'number', 'expiry', 'securityCode']) expect(input(el, id).disabled, id).toBe(true);
    expect(warnings().filter((line) => line === FRAME_SRC_MESSAGE)).toHaveLength(1);
    expect(FRAME_SRC_MESSAGE).toMatch(/^<svc-card-form> frame-src .*svc-card-form-frame\.js/);
  });

  it('says nothing of frame-src and stays enabled without it', async () => {
    const el = await mount('<svc-card-form key-id="v1"></svc-card-form>');
    expect(el.disabled).toBe(false);
    expect(input(el, 'number').disabled).toBe(false);
    expect(warnings().some((line) => line.includes('frame-src'))).toBe(false);
  });
});
