// Custom-elements manifest (dist/custom-elements.json) from the element's JSDoc:
// @attr, @fires, @csspart and @cssproperty on SvcCardForm and SvcPaymentMethods feed IDEs, docs
// and the framework typings (scripts/build/element-types.mjs).
import { packagePaths } from './scripts/build/manifest-paths.mjs';

export default {
  // The inline element, frame mode's class on the merchant's page (issue 9), the payment methods chooser (issue 27).
  globs: ['src/element/**/*.ts', 'src/shared/**/*.ts', 'src/frame/parent/**/*.ts', 'src/payment-methods/**/*.ts'],
  exclude: ['src/element/**/*.test.ts'],
  outdir: 'dist',
  litelement: true,
  packagejson: true,
  plugins: [packagePaths()],
};
