// A custom-elements-manifest plugin: the analyzer reads src/, but the package ships dist/.
// The manifest keeps only the modules a user can import, at the paths they have in the
// package: each mode's class and public exports, and the files that register the tag.
// Inline mode first (tools that take the first <svc-card-form> get the inline class).
const ENTRIES = [
  // Inline: svc-card/element, svc-card/define and the script tag dist/svc-card-form.js.
  { index: 'src/element/index.ts', className: 'SvcCardForm', module: 'dist/element.js', registering: ['dist/define.js', 'dist/svc-card-form.js'] },
  // Frame mode (issue 9): svc-card/frame, svc-card/frame/define and dist/svc-card-form-frame.js.
  { index: 'src/frame/parent/index.ts', className: 'SvcCardFormFrame', module: 'dist/frame-mode.js', registering: ['dist/frame-mode-define.js', 'dist/svc-card-form-frame.js'] },
  // The payment methods chooser (issue 27): svc-card/payment-methods, svc-card/payment-methods/define and dist/svc-payment-methods.js.
  { index: 'src/payment-methods/index.ts', className: 'SvcPaymentMethods', module: 'dist/payment-methods.js', registering: ['dist/payment-methods-define.js', 'dist/svc-payment-methods.js'] },
];

const sourceOf = (index, specifier) => new URL(specifier.replace(/\.js$/, '.ts'), `file:///${index}`).pathname.slice(1);

export function packagePaths() {
  return {
    name: 'svc-card-package-paths',
    packageLinkPhase({ customElementsManifest: manifest }) {
      const byPath = new Map(manifest.modules.map((module) => [module.path, module]));
      manifest.modules = ENTRIES.flatMap(({ index: indexPath, className, module, registering }) => {
        const index = byPath.get(indexPath);
        if (!index) throw new Error(`manifest-paths: ${indexPath} was not analyzed`);
        // Each public export with its declaration, found in the module it comes from.
        const declarations = index.exports.flatMap((entry) => {
          const source = byPath.get(sourceOf(indexPath, entry.declaration.module));
          return (source?.declarations ?? []).filter((declaration) => declaration.name === entry.name);
        });
        // The analyzer's misreadings: a member without a name (the chooser's `sheet ??= new CSSStyleSheet()`),
        // and a shadow root's `root.adoptedStyleSheets = [sheet]` in a constructor taken for the element's field.
        const misread = (member) => !member.name || (member.kind === 'field' && member.name === 'adoptedStyleSheets');
        for (const declaration of declarations) if (declaration.members) declaration.members = declaration.members.filter((member) => !misread(member));
        const tag = declarations.find((declaration) => declaration.customElement && declaration.name === className)?.tagName;
        if (!tag) throw new Error(`manifest-paths: ${className} is no custom element among the public exports of ${indexPath}`);
        const exports = declarations.map(({ name }) => ({ kind: 'js', name, declaration: { name, module } }));
        const definition = { kind: 'custom-element-definition', name: tag, declaration: { name: className, module } };
        return [
          { kind: 'javascript-module', path: module, declarations, exports },
          ...registering.map((path) => ({ kind: 'javascript-module', path, declarations: [], exports: [definition] })),
        ];
      });
    },
  };
}
