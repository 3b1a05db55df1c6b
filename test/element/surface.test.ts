// The element's surface is declared once (issue 42): src/shared/surface.ts names the properties
// each mode takes from attributes and the --svc-* custom properties; each place that lists them
// reads or agrees with it, so an entry added in one place only fails here. (The frame's config
// members, the bridge, the server's reading and the docs' table fail the type check instead.)
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SvcCardForm } from '../../src/element/svc-card-form.js';
import { styles } from '../../src/element/svc-card-form.styles.js';
import { SvcCardFormFrame } from '../../src/frame/parent/svc-card-form-frame.js';
import { FRAME_STYLES } from '../../src/frame/parent/styles.js';
import { readMessage } from '../../src/frame/protocol.js';
import { TO_FRAME } from '../../src/frame/to-frame.js';
import { attributeOf, FRAME_ONLY, INLINE_ONLY, SETTINGS, STYLE_PROPERTIES, type Setting } from '../../src/shared/surface.js';
import { ATTRIBUTE_DOCS, STYLE_PROPERTY_DOCS } from '../../src/shared/surface-docs.js';
import { renderFrameShadow } from '../../src/ssr/frame.js';
// @ts-expect-error: a plain .mjs script of the docs site, without types
import { guideTables } from '../../site/scripts/element-reference.mjs';

const sorted = (list: readonly string[]) => [...list].sort();
const INLINE = [...SETTINGS, ...INLINE_ONLY].map(attributeOf);
const FRAME = [...SETTINGS, ...FRAME_ONLY].map(attributeOf);

/** Each setting: an attribute's text and the value both modes read from it. */
const SAMPLES = {
  keyId: ['k2', 'k2'],
  lang: ['en', 'en'],
  acceptedBrands: ['visa, elo', ['visa', 'elo']],
  disabled: ['', true],
  installments: ['[{"installment":1},{"installment":3}]', [{ installment: 1 }, { installment: 3 }]],
  amount: ['12990', 12990],
  holderDocument: ['', true],
} satisfies Record<Setting, [string, unknown]>;

function element(Class: CustomElementConstructor, tag: string): HTMLElement {
  if (!customElements.get(tag)) customElements.define(tag, class extends Class {});
  return document.createElement(tag);
}

describe("the element's surface (src/shared/surface.ts)", () => {
  it('is what each mode observes: the settings, and its own attributes', () => {
    expect(sorted(SvcCardForm.observedAttributes)).toEqual(sorted(INLINE));
    expect(sorted(SvcCardFormFrame.observedAttributes)).toEqual(sorted(FRAME));
  });

  it('each mode reads every setting from its attribute, into the property of that name', () => {
    for (const [Class, tag] of [[SvcCardForm, 'surface-inline'], [SvcCardFormFrame, 'surface-frame']] as const) {
      const el = element(Class as unknown as CustomElementConstructor, tag) as unknown as HTMLElement & Record<Setting, unknown>;
      for (const setting of SETTINGS) el.setAttribute(attributeOf(setting), SAMPLES[setting][0]);
      for (const setting of SETTINGS) expect(el[setting], `${tag} ${setting}`).toEqual(SAMPLES[setting][1]);
    }
  });

  it("the server's frame-mode render reads every setting, and its config message carries each, as the frame's schema takes it", () => {
    const attributes = new Map<string, string>([['frame-src', 'https://svc.example/card-frame.html']]);
    for (const setting of SETTINGS) attributes.set(attributeOf(setting), SAMPLES[setting][0]);
    const html = renderFrameShadow(attributes, 'https://shop.example');
    const src = /<iframe [^>]*src="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const config = JSON.parse(new URLSearchParams(new URL(src).hash.slice(1)).get('config')!);
    const read = readMessage(config, TO_FRAME);
    expect(read?.type).toBe('config');
    for (const setting of SETTINGS) expect(read!.body[setting], setting).toEqual(SAMPLES[setting][1]);
  });

  it('documents every name once, and no other (surface-docs.ts)', () => {
    expect(sorted(Object.keys(ATTRIBUTE_DOCS))).toEqual(sorted([...SETTINGS, ...INLINE_ONLY, ...FRAME_ONLY, 'name']));
    expect(sorted(Object.keys(STYLE_PROPERTY_DOCS))).toEqual(sorted(STYLE_PROPERTIES));
  });

  it('names every --svc-* custom property the styles read, and frame mode watches each', () => {
    expect(sorted([...new Set(styles.match(/--svc-[\w-]+/g))])).toEqual(sorted(STYLE_PROPERTIES));
    const watched = /iframe\{transition:([^;]*);/.exec(FRAME_STYLES)![1]!;
    for (const name of STYLE_PROPERTIES) expect(watched).toContain(`${name} 1ms`);
  });

  it("svc-card/ssr's SvcCardFormAttributes names the inline attributes", () => {
    const source = readFileSync('src/ssr/index.ts', 'utf8');
    const listed = /attributes, as written in HTML \(([^)]*?)and any other/.exec(source.replace(/\s*\n\s*\*\s*/g, ' '))![1]!;
    expect(sorted(listed.match(/`[a-z-]+`/g)!.map((name) => name.slice(1, -1)))).toEqual(sorted([...INLINE, 'name']));
  });
});

// dist/custom-elements.json (npm run build): its attributes and custom properties of both classes
// are the surface's, and site/guide/element.md shows the tables made from it.
describe('the manifest and the guide, made from the surface', () => {
  interface Named { name: string; fieldName?: string }
  interface Declaration { name: string; attributes?: Named[]; cssProperties?: Named[] }
  const manifest = () => {
    if (!existsSync('dist/custom-elements.json')) throw new Error('dist/custom-elements.json is missing: run `npm run build` first');
    return JSON.parse(readFileSync('dist/custom-elements.json', 'utf8')) as { modules: { declarations?: Declaration[] }[] };
  };
  const declared = (name: string) => manifest().modules.flatMap((m) => m.declarations ?? []).find((d) => d.name === name)!;
  const names = (list: Named[] | undefined) => sorted((list ?? []).map((item) => item.name));

  it('lists each mode\'s attributes and the custom properties', () => {
    expect(names(declared('SvcCardForm').attributes)).toEqual(sorted([...INLINE, 'name']));
    expect(names(declared('SvcCardFormFrame').attributes)).toEqual(sorted([...FRAME, 'name']));
    expect(names(declared('SvcCardForm').cssProperties)).toEqual(sorted(STYLE_PROPERTIES));
  });

  it('site/guide/element.md includes the generated tables, and writes none of those rows by hand', () => {
    const tables = guideTables(manifest()) as { attributes: string; cssProperties: string };
    for (const attribute of [...INLINE, 'name']) expect(tables.attributes).toContain(`| \`${attribute}\` |`);
    for (const property of STYLE_PROPERTIES) expect(tables.cssProperties).toContain(`| \`${property}\` |`);
    const guide = readFileSync('site/guide/element.md', 'utf8');
    expect(guide).toContain('<!--@include: ../.vitepress/generated/element-attributes.md-->');
    expect(guide).toContain('<!--@include: ../.vitepress/generated/element-css-properties.md-->');
    expect(guide).not.toMatch(/^\| `(--svc-|public-key|key-id|accepted-brands|holder-document)/m);
  });
});
