// dist/custom-elements.json (built by `npm run build`, cem analyze) documents the
// element for IDEs: its tag, attributes, events, parts and CSS custom properties,
// and they match what the element really renders and styles.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/element/define.js';
import { styles } from '../../src/element/svc-card-form.styles.js';
import { STYLE as METHODS_STYLE } from '../../src/payment-methods/styles.js';

interface Named { name: string }
interface Declaration { tagName?: string; attributes?: Named[]; events?: Named[]; cssParts?: Named[]; cssProperties?: Named[] }
const MANIFEST = resolve(process.cwd(), 'dist/custom-elements.json');

function declaration(tag = 'svc-card-form'): Declaration {
  if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: run \`npm run build\` first (it runs cem analyze)`);
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { modules: { declarations?: Declaration[] }[] };
  const found = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === tag);
  if (!found) throw new Error(`dist/custom-elements.json does not declare <${tag}>`);
  return found;
}
const names = (list: Named[] | undefined) => (list ?? []).map((item) => item.name).sort();

describe('dist/custom-elements.json', () => {
  it('lists <svc-card-form> with its attributes and events', () => {
    const element = declaration();
    expect(names(element.attributes)).toEqual(['accepted-brands', 'amount', 'disabled', 'holder-document', 'installments', 'key-id', 'lang', 'name', 'public-key']);
    expect(names(element.events)).toEqual(['svc-blur', 'svc-brand', 'svc-change', 'svc-encrypted', 'svc-error', 'svc-focus', 'svc-ready']);
  });

  it('lists exactly the parts the element renders', async () => {
    const listed = names(declaration().cssParts);
    document.body.innerHTML = '<svc-card-form></svc-card-form>';
    const el = document.querySelector('svc-card-form')!;
    await el.updateComplete;
    const rendered = new Set([...el.shadowRoot!.querySelectorAll('[part]')].flatMap((node) => node.getAttribute('part')!.split(/\s+/)));
    // Per-field parts (`input-number`…) are documented with their base part.
    const base = [...rendered].filter((part) => !/-(holder|number|expiry|securityCode)$/.test(part)).sort();
    expect(listed).toEqual(base);
    document.body.innerHTML = '';
  });

  it('lists every --svc-* custom property the styles read, and no other', () => {
    const listed = names(declaration().cssProperties);
    const used = [...new Set(styles.match(/--svc-[\w-]+/g))].sort();
    expect(listed).toEqual(used);
  });

  it('lists every --svc-* custom property the payment methods chooser reads, and site/guide/payment-methods.md names them all', () => {
    const used = [...new Set(METHODS_STYLE.match(/--svc-[\w-]+/g))].sort();
    expect(names(declaration('svc-payment-methods').cssProperties)).toEqual(used);
    const guide = /It takes the card form's theme properties\s*\(([^)]*)\)/.exec(readFileSync('site/guide/payment-methods.md', 'utf8'));
    expect(guide, "the guide's list").not.toBeNull();
    expect([...new Set(guide![1]!.match(/--svc-[\w-]+/g))].sort()).toEqual(used);
  });
});
