// @vitest-environment happy-dom
// dist/custom-elements.json documents frame mode's class too (issue 9): <svc-card-form> as
// SvcCardFormFrame in dist/frame-mode.js (svc-card/frame), registered by svc-card/frame/define and
// the script tag dist/svc-card-form-frame.js; the inline class stays the first <svc-card-form>.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SvcCardForm } from '../../src/element/svc-card-form.js';
import { SvcCardFormFrame } from '../../src/frame/parent/svc-card-form-frame.js';
import { SvcPaymentMethods } from '../../src/payment-methods/svc-payment-methods.js';

interface Named { name: string }
interface Member extends Named { kind: string; privacy?: string; static?: boolean }
interface Declaration extends Named { tagName?: string; attributes?: Named[]; events?: Named[]; members?: Member[] }
interface Module { path: string; declarations?: Declaration[]; exports?: { kind: string; name: string; declaration: { name: string; module: string } }[] }

function modules(): Module[] {
  if (!existsSync('dist/custom-elements.json')) throw new Error('dist/custom-elements.json is missing: run `npm run build` first');
  return (JSON.parse(readFileSync('dist/custom-elements.json', 'utf8')) as { modules: Module[] }).modules;
}
const names = (list: Named[] | undefined) => (list ?? []).map((item) => item.name).sort();
const declared = (name: string) => modules().flatMap((m) => m.declarations ?? []).find((d) => d.name === name)!;

describe('dist/custom-elements.json: frame mode', () => {
  it('declares SvcCardFormFrame as <svc-card-form> with its observed attributes, name, and the events of the inline element', () => {
    const frame = declared('SvcCardFormFrame');
    expect(frame.tagName).toBe('svc-card-form');
    expect(names(frame.attributes)).toEqual([...SvcCardFormFrame.observedAttributes, 'name'].sort());
    expect(names(frame.events)).toEqual(names(declared('SvcCardForm').events));
  });

  it('points at the package files: the class in dist/frame-mode.js, the tag registered by the frame-mode scripts', () => {
    const all = modules();
    expect(all.find((m) => m.declarations?.some((d) => d.tagName))?.declarations?.[0]?.name).toBe('SvcCardForm');
    expect(all.find((m) => m.path === 'dist/frame-mode.js')?.declarations?.map((d) => d.name)).toEqual(['SvcCardFormFrame']);
    const registering = all.filter((m) => m.exports?.some((e) => e.kind === 'custom-element-definition' && e.declaration.name === 'SvcCardFormFrame'));
    expect(registering.map((m) => m.path).sort()).toEqual(['dist/frame-mode-define.js', 'dist/svc-card-form-frame.js']);
  });

  // The analyzer took a shadow root's `root.adoptedStyleSheets = [sheet]` in a constructor for a
  // field of the element: IDEs and the docs' element reference showed it as one.
  it('names as public members of each element class only what its instances have', () => {
    for (const [name, Class] of [['SvcCardForm', SvcCardForm], ['SvcCardFormFrame', SvcCardFormFrame], ['SvcPaymentMethods', SvcPaymentMethods]] as const) {
      const tag = `manifest-${name.toLowerCase()}`;
      if (!customElements.get(tag)) customElements.define(tag, class extends (Class as unknown as typeof HTMLElement) {});
      const instance = document.createElement(tag);
      const publicMembers = (declared(name).members ?? []).filter((member) => !member.privacy && !member.name.startsWith('#'));
      expect(publicMembers.length, name).toBeGreaterThan(0);
      const missing = publicMembers.filter((member) => !(member.name in (member.static ? Class : instance))).map((member) => member.name);
      expect(missing, name).toEqual([]);
    }
  });
});
