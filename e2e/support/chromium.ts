// Launch options of the chromium project (playwright.config.ts) for tests that
// need their own browser, e.g. with a host-resolver rule.
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const CHROMIUM_PATH = '/usr/bin/chromium';
