// Custom-elements manifest (dist/custom-elements.json) from the elements' JSDoc (@fires, @csspart;
// @attr and @cssproperty for SvcPaymentMethods) and, for both <svc-card-form> classes, their
// attributes and CSS custom properties from the element's surface (src/shared/surface.ts and
// surface-docs.ts): it feeds IDEs, docs and the framework typings (scripts/build/element-types.mjs).
import { elementSurface } from './scripts/build/manifest-surface.mjs';
import { packagePaths } from './scripts/build/manifest-paths.mjs';

export default {
  // The inline element, frame mode's class on the merchant's page (issue 9), the payment methods chooser (issue 27).
  globs: ['src/element/**/*.ts', 'src/shared/**/*.ts', 'src/frame/parent/**/*.ts', 'src/payment-methods/**/*.ts'],
  exclude: ['src/element/**/*.test.ts'],
  outdir: 'dist',
  litelement: true,
  packagejson: true,
  plugins: [packagePaths(), await elementSurface()],
};
