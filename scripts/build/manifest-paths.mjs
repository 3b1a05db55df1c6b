// A custom-elements-manifest plugin: the analyzer reads src/, but the package ships dist/.
// The manifest keeps only the modules a user can import, at the paths they have in the
// package: the element's class and public exports (dist/element.js), and the files that
// register the tag (dist/define.js, the script tag dist/svc-card-form.js).
const ELEMENT = 'dist/element.js';
const REGISTERING = ['dist/define.js', 'dist/svc-card-form.js'];

export function packagePaths() {
  return {
    name: 'svc-card-package-paths',
    packageLinkPhase({ customElementsManifest: manifest }) {
      const byPath = new Map(manifest.modules.map((module) => [module.path, module]));
      const index = byPath.get('src/element/index.ts');
      if (!index) throw new Error('manifest-paths: src/element/index.ts was not analyzed');
      // Each public export with its declaration, found in the module it comes from.
      const declarations = index.exports.flatMap((entry) => {
        const source = byPath.get(`src/element/${entry.declaration.module.replace(/^\.\//, '').replace(/\.js$/, '.ts')}`);
        return (source?.declarations ?? []).filter((declaration) => declaration.name === entry.name);
      });
      const tag = declarations.find((declaration) => declaration.customElement)?.tagName;
      if (!tag) throw new Error('manifest-paths: no custom element among the public exports of src/element/index.ts');
      const exports = declarations.map(({ name }) => ({ kind: 'js', name, declaration: { name, module: ELEMENT } }));
      const definition = { kind: 'custom-element-definition', name: tag, declaration: { name: 'SvcCardForm', module: ELEMENT } };
      manifest.modules = [
        { kind: 'javascript-module', path: ELEMENT, declarations, exports },
        ...REGISTERING.map((path) => ({ kind: 'javascript-module', path, declarations: [], exports: [definition] })),
      ];
    },
  };
}
