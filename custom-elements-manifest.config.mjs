// Custom-elements manifest (dist/custom-elements.json) from the element's JSDoc:
// @attr, @fires, @csspart and @cssproperty on SvcCardForm feed IDEs, docs and the
// framework typings (scripts/build/element-types.mjs).
import { packagePaths } from './scripts/build/manifest-paths.mjs';

export default {
  // The inline element, and frame mode's class on the merchant's page (issue 9).
  globs: ['src/element/**/*.ts', 'src/shared/**/*.ts', 'src/frame/parent/**/*.ts'],
  exclude: ['src/element/**/*.test.ts'],
  outdir: 'dist',
  litelement: true,
  packagejson: true,
  plugins: [packagePaths()],
};
