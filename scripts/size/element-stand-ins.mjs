// A Vite plugin that builds with stand-in files in place of some element (or core) modules: the card
// frame's build (vite.config.ts) and the feature costs (feature-costs.mjs) both use it.
import { resolve } from 'node:path';

/**
 * `standInFor(module)` names the file loaded instead of the element module imported as
 * `./<module>.js` or `../shared/<module>.js`, or nothing to keep it. Only imports made inside src/element/,
 * src/shared/ and src/core/ are replaced: a stand-in's own imports of the modules it stands in for (`../../element/…`)
 * stay as they are.
 */
export function elementStandIns(name, standInFor) {
  return {
    name,
    enforce: 'pre',
    resolveId(id, importer) {
      const module = /^(?:\.|\.\.\/shared)\/([\w-]+)\.js$/.exec(id)?.[1];
      if (!module || !/\/src\/(element|shared|core)\//.test(importer?.replace(/\\/g, '/') ?? '')) return null;
      const file = standInFor(module);
      return file ? resolve(file) : null;
    },
  };
}
