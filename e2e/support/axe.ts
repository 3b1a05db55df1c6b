// axe-core with the WCAG tags the project promises (2.0/2.1 A and AA, 2.2 AA):
// the violations on the page, one line each (rule id: targets), [] when clean.
// Playwright pages through @axe-core/playwright; an EnginePage through its runAxe
// (the same axe-core, injected over WebDriver in WebKitGTK).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { AxeViolation, EnginePage } from './engine-page.js';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const lines = (violations: AxeViolation[]) => violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

export async function axeViolations(page: Page): Promise<string[]> {
  return lines((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations);
}

export async function engineAxeViolations(page: Pick<EnginePage, 'runAxe'>): Promise<string[]> {
  return lines(await page.runAxe(AXE_TAGS));
}
