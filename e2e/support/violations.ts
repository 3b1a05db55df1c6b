// Collects what a strict CSP would complain about: securitypolicyviolation events
// (recorded by an init script before any page script runs) and console errors
// about CSP, Trusted Types or SRI.
import type { Page } from '@playwright/test';

const CONSOLE = /Content Security Policy|Trusted Type|TrustedHTML|TrustedScript|integrity|Refused to/i;

export function watchViolations(page: Page) {
  const consoleErrors: string[] = [];
  page.on('console', (message) => { if (CONSOLE.test(message.text())) consoleErrors.push(message.text()); });
  page.on('pageerror', (error) => { if (CONSOLE.test(error.message)) consoleErrors.push(error.message); });
  const ready = page.addInitScript(() => {
    const seen: string[] = ((window as any).__violations = []);
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return {
    ready,
    /** Everything reported so far (events then console lines). */
    all: async (): Promise<string[]> => [...(await page.evaluate(() => (window as any).__violations as string[])), ...consoleErrors],
  };
}
