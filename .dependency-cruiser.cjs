// The sandbox's layers, drawn in CONTRIBUTING.md ("The sandbox's layers"), held in CI by
// test/scripts/layers.test.ts (`npx depcruise -c .dependency-cruiser.cjs packages/sandbox`).
// Top: the HTTP surface and the processes (http/, routes/, app, server, cli, check, seed).
// Middle: what the API does (domain/, billing/, payment/, webhooks/, auth/, events, clock).
// Low: storage (store/, db/). Bottom: the vocabulary every layer shares (base/, schemas/).
// Each layer imports only its own and the ones below it.
const S = '^packages/sandbox/';
const BOTTOM = `${S}(base|schemas)/`;
const LOW = `${S}(store|db)/`;
const MIDDLE = `${S}((domain|billing|payment|webhooks|auth)/|(events|clock|context|keys)\\.ts$)`;

/** A rule: nothing in `layer` imports from the sandbox outside `allowed`. */
const only = (name, layer, allowed, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: layer },
  to: { path: `${S}`, pathNot: allowed },
});

module.exports = {
  forbidden: [
    only('bottom-imports-nothing-above', BOTTOM, BOTTOM, 'base/ and schemas/ are the vocabulary: errors, dates, cents, the clock rows, the API types'),
    only('storage-imports-only-bottom', LOW, `(${LOW})|(${BOTTOM})`, 'store/ and db/ keep records; what they mean is decided above them'),
    only('middle-imports-no-http', MIDDLE, `(${MIDDLE})|(${LOW})|(${BOTTOM})`, 'the API\'s rules never reach up to the HTTP surface'),
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
  },
};
