// The elements' reference page, generated from dist/custom-elements.json (the JSDoc of
// SvcCardForm, SvcCardFormFrame and SvcPaymentMethods: @attr, @fires, @cssproperty, @csspart, @slot): nothing here
// is written by hand, so the page says what the build declares. Also the playground's
// list of attributes, events and custom properties (site/.vitepress/generated/element.json).

/** Table-safe text: no line breaks, no unescaped pipes, no Vue interpolation. */
const cell = (text = '') => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').replace(/\{\{/g, '{ {');

const table = (heads, rows) => rows.length === 0 ? '' : [
  `| ${heads.join(' | ')} |`,
  `| ${heads.map(() => '---').join(' | ')} |`,
  ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  '',
].join('\n');

/**
 * The two classes registered as `<svc-card-form>`: inline (SvcCardForm) and frame mode
 * (SvcCardFormFrame); and the payment methods chooser `<svc-payment-methods>` (SvcPaymentMethods).
 */
export function elementDeclarations(manifest) {
  const found = manifest.modules.flatMap((module) => (module.declarations ?? []).filter((d) => d.tagName).map((d) => ({ ...d, module: module.path })));
  const inline = found.find((d) => d.name === 'SvcCardForm');
  const frame = found.find((d) => d.name === 'SvcCardFormFrame');
  const methods = found.find((d) => d.name === 'SvcPaymentMethods');
  if (!inline || !frame || !methods) throw new Error(`custom-elements.json: SvcCardForm, SvcCardFormFrame and SvcPaymentMethods expected, found ${found.map((d) => d.name).join(', ')}`);
  return { inline, frame, methods };
}

const publicMembers = (declaration, kind) => (declaration.members ?? []).filter((m) => m.kind === kind && !m.static && !m.privacy && !m.name.startsWith('_') && !['addController', 'removeController'].includes(m.name));

function section(title, declaration, importPath) {
  const methods = publicMembers(declaration, 'method');
  const fields = publicMembers(declaration, 'field').filter((f) => f.description);
  return [
    `## ${title}`,
    '',
    `\`${declaration.name}\`, from \`${importPath}\` (module \`${declaration.module}\`).`,
    '',
    cell(declaration.description ?? ''),
    '',
    '### Attributes',
    '',
    table(['Attribute', 'Property', 'Description'], (declaration.attributes ?? []).map((a) => [`\`${a.name}\``, a.fieldName ? `\`${a.fieldName}\`` : '', a.description ?? ''])),
    fields.length ? `### Properties\n\n${table(['Property', 'Type', 'Description'], fields.map((f) => [`\`${f.name}\``, f.type?.text ? `\`${f.type.text}\`` : '', f.description]))}` : '',
    '### Methods',
    '',
    table(['Method', 'Returns', 'Description'], methods.map((m) => [
      `\`${m.name}(${(m.parameters ?? []).map((p) => p.name).join(', ')})\``,
      m.return?.type?.text ? `\`${m.return.type.text}\`` : '',
      m.description ?? '',
    ])),
    '### Events',
    '',
    table(['Event', 'Detail', 'Description'], (declaration.events ?? []).map((e) => [`\`${e.name}\``, e.type?.text ? `\`${e.type.text}\`` : '', e.description ?? ''])),
    declaration.cssProperties?.length ? `### CSS custom properties\n\n${cssTable(declaration)}` : '',
    declaration.cssParts?.length ? `### CSS parts\n\n${table(['Part', 'Description'], declaration.cssParts.map((p) => [`\`::part(${p.name})\``, p.description ?? '']))}` : '',
    declaration.slots?.length ? `### Slots\n\n${table(['Slot', 'Description'], declaration.slots.map((p) => [`\`${p.name}\``, p.description ?? '']))}` : '',
  ].filter((line) => line !== undefined).join('\n');
}

const cssTable = (declaration) =>
  table(['Property', 'Covers', 'Default'], declaration.cssProperties.map((p) => [`\`${p.name}\``, p.description ?? '', p.default ?? '']));

/**
 * site/guide/element.md's tables of the inline element (included from .vitepress/generated/):
 * its attributes with their properties, then the properties set by script only (`strings`), and
 * its CSS custom properties. The manifest takes them from the element's surface (src/shared/surface-docs.ts).
 */
export function guideTables(manifest) {
  const { inline } = elementDeclarations(manifest);
  const attributes = inline.attributes ?? [];
  const scriptOnly = publicMembers(inline, 'field').filter((f) => !f.readonly && f.description && f.type && !attributes.some((a) => a.fieldName === f.name));
  const code = (text) => (text ? `\`${text}\`` : '');
  return {
    attributes: table(['attribute', 'property', 'type', 'default', ''], [
      ...attributes.map((a) => [code(a.name), code(a.fieldName), code(a.type?.text), code(a.default), a.description ?? '']),
      ...scriptOnly.map((f) => ['—', code(f.name), code(f.type.text), code(f.default), f.description]),
    ]),
    cssProperties: cssTable(inline),
  };
}

/** The page's Markdown. */
export function elementReference(manifest) {
  const { inline, frame, methods } = elementDeclarations(manifest);
  return [
    '---',
    'outline: [2, 3]',
    '---',
    '',
    '# `<svc-card-form>` and `<svc-payment-methods>` reference',
    '',
    '::: info Generated',
    'This page is generated from `dist/custom-elements.json` (the element\'s JSDoc) by `site/scripts/element-reference.mjs` on every docs build. The guide: [The element](/guide/element).',
    ':::',
    '',
    section('Inline mode', inline, 'svc-card/element'),
    '',
    section('Frame mode', frame, 'svc-card/frame'),
    '',
    section('Payment methods: `<svc-payment-methods>`', methods, 'svc-card/payment-methods'),
    '',
  ].join('\n');
}

/** What the playground offers to edit and listens to. */
export function playgroundManifest(manifest) {
  const { inline, frame } = elementDeclarations(manifest);
  const pick = (d) => ({
    attributes: (d.attributes ?? []).map((a) => ({ name: a.name, description: a.description ?? '' })),
    events: (d.events ?? []).map((e) => e.name),
  });
  return {
    inline: pick(inline),
    frame: pick(frame),
    cssProperties: (inline.cssProperties ?? []).map((p) => ({ name: p.name, description: p.description ?? '' })),
  };
}
