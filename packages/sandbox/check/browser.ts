// The browser the check drives: playwright-core (an optional peer dependency of
// @svc-card/sandbox: only `check` needs it) and a Chromium already on the machine, never a
// download. Either missing is one line that says what to do.
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { CheckError } from './ledger.js';

/** Where Chromium is looked for when neither --chromium nor SVC_CHECK_CHROMIUM names one. */
export const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'];

export function chromiumPath(given?: string): string {
  if (given) {
    if (!existsSync(given)) throw new CheckError(`no browser at ${given} (--chromium or SVC_CHECK_CHROMIUM): give the path of a Chromium or Chrome executable`);
    return given;
  }
  const found = CHROMIUM_PATHS.find((path) => existsSync(path));
  if (!found) throw new CheckError(`no Chromium found (looked at ${CHROMIUM_PATHS.join(', ')}): install one (apt-get install chromium) or give --chromium <path>`);
  return found;
}

export async function launchChromium(executablePath: string): Promise<Browser> {
  let chromium: typeof import('playwright-core').chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    throw new CheckError('`check` drives a browser with playwright-core, which is not installed: npm install --save-dev playwright-core');
  }
  return chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
}
