// `svc-sandbox check <checkout-url> [--sandbox URL] [--api-key KEY] [--company ID] [--chromium PATH] [--only a,b]`:
// plays the scenarios against a checkout page, prints one line per scenario, and answers the
// exit code (0 all passed, 1 a scenario failed, 2 the check could not run).
import { parseArgs } from 'node:util';
import { SANDBOX_CREDENTIAL } from '../seed.js';
import { chromiumPath, launchChromium } from './browser.js';
import { CheckError } from './ledger.js';
import { scenarioLines, summaryLine } from './report.js';
import { runCheck } from './run.js';
import { SCENARIOS } from './scenarios.js';

export const CHECK_USAGE = `       svc-sandbox check <checkout-url> [--sandbox URL] [--api-key KEY] [--company ID] [--chromium PATH] [--only a,b]

  check        drives the checkout page in Chromium through ${SCENARIOS.length} scenarios (${SCENARIOS.map((s) => s.id).join(', ')}),
               then holds the sandbox's ledger to: at most one payment per order, every webhook answered 2xx,
               no status left unhandled. One line per scenario; exit code 1 when one fails.
  --sandbox URL   the sandbox the shop's server calls (default http://127.0.0.1:4010)
  --api-key KEY   the shop's credential (default the sandbox's ready one); --company ID its company
  --chromium PATH a Chromium or Chrome (default SVC_CHECK_CHROMIUM, else /usr/bin/chromium); needs playwright-core`;

export async function checkCommand(args: readonly string[]): Promise<number> {
  let values, positionals;
  try {
    ({ values, positionals } = parseArgs({
      args: [...args], allowPositionals: true,
      options: {
        sandbox: { type: 'string', default: 'http://127.0.0.1:4010' },
        'api-key': { type: 'string', default: `${SANDBOX_CREDENTIAL.keyId}.${SANDBOX_CREDENTIAL.secret}` },
        company: { type: 'string', default: SANDBOX_CREDENTIAL.companies[0] },
        chromium: { type: 'string', default: process.env.SVC_CHECK_CHROMIUM },
        only: { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(`svc-sandbox check: ${(error as Error).message}`);
    return 2;
  }
  const [checkoutUrl] = positionals;
  if (!checkoutUrl || !/^https?:\/\//.test(checkoutUrl)) {
    console.error(`svc-sandbox check: give the checkout page's address, e.g. svc-sandbox check http://127.0.0.1:3000/checkout (got ${JSON.stringify(checkoutUrl ?? '')})`);
    return 2;
  }
  const only = values.only?.split(',').filter(Boolean);
  const unknown = only?.find((id) => !SCENARIOS.some((s) => s.id === id));
  if (unknown) {
    console.error(`svc-sandbox check: unknown scenario ${JSON.stringify(unknown)} in --only; known: ${SCENARIOS.map((s) => s.id).join(', ')}`);
    return 2;
  }
  const scenarios = only ? SCENARIOS.filter((s) => only.includes(s.id)) : SCENARIOS;
  try {
    const browser = await launchChromium(chromiumPath(values.chromium));
    try {
      console.log(`Checking ${checkoutUrl} against the sandbox at ${values.sandbox} (company ${values.company}):`);
      const verdicts = await runCheck({
        checkoutUrl, url: values.sandbox, apiKey: values['api-key'], companyId: values.company!, browser, scenarios,
        onVerdict: (verdict) => console.log(scenarioLines(verdict).join('\n')),
      });
      console.log(summaryLine(verdicts));
      return verdicts.some((v) => v.findings.length) ? 1 : 0;
    } finally {
      await browser.close();
    }
  } catch (error) {
    if (!(error instanceof CheckError)) throw error;
    console.error(`svc-sandbox check: ${error.message}`);
    return 2;
  }
}
