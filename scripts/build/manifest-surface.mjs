// A custom-elements-manifest plugin: the attributes and CSS custom properties of both
// <svc-card-form> classes come from the element's surface, declared once (src/shared/surface.ts,
// the names the scripts read; src/shared/surface-docs.ts, what each means), not from JSDoc tags
// repeated on each class. The framework typings, the reference page and the guide's tables are
// made from the manifest in turn (scripts/build/element-types.mjs, site/scripts/element-reference.mjs).
import { tsImport } from 'tsx/esm/api';

/** The manifest's attributes and CSS custom properties of each mode's class, from the surface's modules. */
export function surfaceOf({ SETTINGS, INLINE_ONLY, FRAME_ONLY, attributeOf }, { ATTRIBUTE_DOCS, STYLE_PROPERTY_DOCS }) {
  const attributes = (names, mode) => Object.entries(ATTRIBUTE_DOCS).filter(([key]) => names.includes(key)).map(([key, doc]) => ({
    name: attributeOf(key),
    ...(doc.attributeOnly ? {} : { fieldName: key }),
    ...(doc.type ? { type: { text: doc.type } } : {}),
    ...(doc.default ? { default: doc.default } : {}),
    description: (mode === 'frame' && doc.frame) || doc.description,
  }));
  const cssProperties = Object.entries(STYLE_PROPERTY_DOCS).map(([name, doc]) => ({ name, description: doc.description, default: doc.default }));
  return {
    SvcCardForm: { attributes: attributes([...SETTINGS, ...INLINE_ONLY, 'name'], 'inline'), cssProperties },
    SvcCardFormFrame: { attributes: attributes([...SETTINGS, ...FRAME_ONLY, 'name'], 'frame') },
  };
}

export async function elementSurface() {
  const [names, docs] = await Promise.all(['../../src/shared/surface.ts', '../../src/shared/surface-docs.ts'].map((file) => tsImport(file, import.meta.url)));
  const surface = surfaceOf(names, docs);
  return {
    name: 'svc-card-element-surface',
    packageLinkPhase({ customElementsManifest: manifest }) {
      const declarations = manifest.modules.flatMap((module) => module.declarations ?? []);
      for (const [className, declared] of Object.entries(surface)) {
        const declaration = declarations.find((d) => d.name === className);
        if (!declaration) throw new Error(`manifest-surface: ${className} was not analyzed`);
        Object.assign(declaration, declared);
        // Each property's member names its attribute (the analyzer reads Lit's lowercased default).
        for (const member of declaration.members ?? []) {
          const attribute = declared.attributes.find((a) => a.fieldName === member.name);
          if (attribute && member.kind === 'field') member.attribute = attribute.name;
        }
      }
    },
  };
}
