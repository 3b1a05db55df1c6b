// The one place for how tests and benchmarks launch Debian's Chromium
// (../shared/ENGINES.md): used by playwright.config.ts, specs that need their
// own browser (e.g. with a host-resolver rule) and bench/browser.mjs.
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = Object.freeze(['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync']);
