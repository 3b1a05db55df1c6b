// `svc-sandbox check <checkout-url> [--sandbox URL] [--api-key KEY] [--company ID] [--chromium PATH] [--only a,b] [--concurrency N]`:
// plays the scenarios against a checkout page, prints one line per scenario, and answers the
// exit code (0 all passed, 1 a scenario failed, 2 the check could not run).
import { SANDBOX_CREDENTIAL } from '../seed.js';
import { chromiumPath, launchChromium } from './browser.js';
import { CheckError } from './ledger.js';
import { scenarioLines, summaryLine } from './report.js';
import { runCheck } from './run.js';
import { DEFAULT_CONCURRENCY } from './schedule.js';
import { SCENARIOS } from './scenarios.js';

/** What `svc-sandbox check` reads (its flags are in cli/flags.ts). */
export interface CheckOptions {
  sandbox: string;
  apiKey?: string | undefined;
  company?: string | undefined;
  chromium?: string | undefined;
  only?: string | undefined;
  /** Scenarios played at once, as typed (default DEFAULT_CONCURRENCY). */
  concurrency?: string | undefined;
}

/** Runs the check; resolves the exit code. */
export async function checkCommand(positionals: readonly string[], options: CheckOptions): Promise<number> {
  const values = {
    sandbox: options.sandbox,
    'api-key': options.apiKey ?? `${SANDBOX_CREDENTIAL.keyId}.${SANDBOX_CREDENTIAL.secret}`,
    company: options.company ?? SANDBOX_CREDENTIAL.companies[0],
    chromium: options.chromium ?? process.env.SVC_CHECK_CHROMIUM,
    only: options.only,
  };
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
  const concurrency = Number(options.concurrency ?? DEFAULT_CONCURRENCY);
  if (!/^\d+$/.test(String(options.concurrency ?? DEFAULT_CONCURRENCY)) || concurrency < 1 || concurrency > SCENARIOS.length) {
    console.error(`svc-sandbox check: --concurrency takes a whole number from 1 to ${SCENARIOS.length} (got ${JSON.stringify(options.concurrency)})`);
    return 2;
  }
  try {
    const browser = await launchChromium(chromiumPath(values.chromium));
    try {
      console.log(`Checking ${checkoutUrl} against the sandbox at ${values.sandbox} (company ${values.company}):`);
      const verdicts = await runCheck({
        checkoutUrl, url: values.sandbox, apiKey: values['api-key'], companyId: values.company!, browser, scenarios, concurrency,
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
