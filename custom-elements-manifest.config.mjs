// Custom-elements manifest (dist/custom-elements.json) from the element's JSDoc:
// @attr, @fires, @csspart and @cssproperty on SvcCardForm feed IDEs and docs.
export default {
  globs: ['src/element/**/*.ts'],
  exclude: ['src/element/**/*.test.ts'],
  outdir: 'dist',
  litelement: true,
  packagejson: true,
};
