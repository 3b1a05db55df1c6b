// The payment methods chooser <svc-payment-methods> (issue 27) is in the references the build
// generates, as <svc-card-form> is: dist/custom-elements.json (cem analyze), the React/Vue/Svelte
// typings written from it (scripts/build/element-types.mjs) and the docs site's element reference
// (site/scripts/element-reference.mjs). Needs `npm run build`.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the docs site, without types
import { elementReference } from '../../site/scripts/element-reference.mjs';
import { SvcPaymentMethods } from '../../src/payment-methods/svc-payment-methods.js';

interface Named { name: string; kind?: string; type?: { text: string }; fieldName?: string; privacy?: string }
interface Declaration extends Named { tagName?: string; attributes?: Named[]; events?: Named[]; members?: Named[]; slots?: Named[]; cssParts?: Named[] }
interface Module { path: string; declarations?: Declaration[]; exports?: { kind: string; name: string; declaration: { name: string; module: string } }[] }

function manifest(): { modules: Module[] } {
  if (!existsSync('dist/custom-elements.json')) throw new Error('dist/custom-elements.json is missing: run `npm run build` first');
  return JSON.parse(readFileSync('dist/custom-elements.json', 'utf8')) as { modules: Module[] };
}
const chooser = () => manifest().modules.flatMap((m) => (m.declarations ?? []).map((d) => ({ ...d, module: m.path }))).find((d) => d.tagName === 'svc-payment-methods');
const names = (list: Named[] | undefined) => (list ?? []).map((item) => item.name).sort();

describe('<svc-payment-methods> in the generated references', () => {
  it('custom-elements.json declares it with its observed attributes (linked to their properties), its event typed, its properties, slots and parts', () => {
    const element = chooser();
    expect(element, 'dist/custom-elements.json declares no <svc-payment-methods>').toBeDefined();
    expect(element!.name).toBe('SvcPaymentMethods');
    expect(element!.module).toBe('dist/payment-methods.js');
    expect(names(element!.attributes)).toEqual([...SvcPaymentMethods.observedAttributes].sort());
    expect(element!.attributes!.filter((a) => a.fieldName).map((a) => a.fieldName).sort()).toEqual(['disabled', 'methods', 'value']);
    expect(element!.events).toEqual([expect.objectContaining({ name: 'svc-method-change', type: { text: 'CustomEvent<MethodChangeDetail>' } })]);
    const publicFields = (element!.members ?? []).filter((m) => m.kind === 'field' && !m.privacy).map((m) => m.name);
    expect(publicFields).toEqual(expect.arrayContaining(['methods', 'value', 'disabled', 'detail']));
    expect((element!.members ?? []).every((m) => m.name), 'every member has a name').toBe(true);
    expect(names(element!.slots)).toEqual(['boleto', 'card', 'pix', 'pix-auto']);
    expect(names(element!.cssParts)).toEqual(['method', 'methods']);
  });

  it('custom-elements.json names the files that register the tag: svc-card/payment-methods/define and the script tag', () => {
    const registering = manifest().modules.filter((m) => m.exports?.some((e) => e.kind === 'custom-element-definition' && e.name === 'svc-payment-methods'));
    expect(registering.map((m) => m.path).sort()).toEqual(['dist/payment-methods-define.js', 'dist/svc-payment-methods.js']);
  });

  it('the framework typings declare the tag for React, Vue and Svelte with its attributes and event, loaded by its define entry', () => {
    const tag = readFileSync('dist/types/payment-methods/tag.d.ts', 'utf8');
    expect(readFileSync('dist/types/payment-methods/define.d.ts', 'utf8')).toContain("import './tag.js';");
    for (const attribute of SvcPaymentMethods.observedAttributes) expect(tag).toContain(`'${attribute}'?: ${attribute === 'disabled' ? 'boolean' : 'string'};`);
    expect(tag).toContain("import type { SvcPaymentMethods, SvcPaymentMethodsEventMap } from './svc-payment-methods.js';");
    expect(tag).toMatch(/interface IntrinsicElements \{\s*'svc-payment-methods': ReactProps<ReactAttributes<SvcPaymentMethods>, SvcPaymentMethods> & SvcPaymentMethodsAttributes & SvcPaymentMethodsHandlers;/);
    expect(tag).toMatch(/interface GlobalComponents \{\s*'svc-payment-methods': SvcPaymentMethodsForVue;/);
    expect(tag).toMatch(/interface SvelteHTMLElements \{\s*'svc-payment-methods': SvelteAttributes<SvcPaymentMethods> & SvcPaymentMethodsAttributes & SvcPaymentMethodsHandlers;/);
    expect(readFileSync('dist/types/payment-methods/svc-payment-methods.d.ts', 'utf8')).toMatch(/interface SvcPaymentMethodsEventMap \{\s*'svc-method-change': CustomEvent<MethodChangeDetail>;/);
  });

  it('the docs site\'s element reference has its section: attributes, properties, event, slots and parts', () => {
    const page = elementReference(manifest()) as string;
    const section = page.slice(page.indexOf('## Payment methods'));
    expect(page.indexOf('## Payment methods')).toBeGreaterThan(page.indexOf('## Frame mode'));
    expect(section).toContain('`SvcPaymentMethods`, from `svc-card/payment-methods`');
    for (const name of ['`methods`', '`value`', '`lang`', '`disabled`', '`detail`', '`svc-method-change`', '`CustomEvent<MethodChangeDetail>`', '`card`', '`pix`', '`boleto`', '`::part(methods)`', '`::part(method)`']) expect(section).toContain(name);
  });
});
