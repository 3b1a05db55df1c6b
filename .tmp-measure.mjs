import { startDemo } from '/work/wt/inview/demo/start-demo.mjs';
import { chromium } from '@playwright/test';
const demo = await startDemo({ port: 0, keysDir: '/tmp/inview-keys' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 320, height: 844 } });
  await page.goto(`${demo.url}/?isolation=inline`);
  await page.locator('#pay:enabled').waitFor({ timeout: 30000 });
  console.log(await page.evaluate((texts) => {
    const root = document.querySelector('svc-card-form').shadowRoot;
    const hint = root.getElementById('installments-hint'); const sel = root.getElementById('installments');
    const c = document.createElement('canvas').getContext('2d');
    const out = { hintBox: hint.clientWidth, hintFont: getComputedStyle(hint).font, selBox: sel.clientWidth, selPad: getComputedStyle(sel).paddingLeft + ' ' + getComputedStyle(sel).paddingRight };
    c.font = getComputedStyle(hint).font;
    for (const t of texts) out[t] = Math.round(c.measureText(t).width);
    c.font = getComputedStyle(sel).font;
    for (const t of ['12x de R$ 12,10 com juros', '4x de R$ 32,47 (1ª de R$ 32,49) sem juros', '12x R$12.10 with interest', '10x de R$ 1.234,56 com juros']) out['SEL ' + t] = Math.round(c.measureText(t).width);
    return out;
  }, ['Total R$ 145,20 · 1,76% a.m. · CET 23,23% a.a.', 'R$ 145,20 · 1,76% a.m. · CET 23,23% a.a.', 'Total R$ 145,20, 1,76% a.m., CET 23,23% a.a.', 'Total R$145.20 · 1.76% a month · CET 23.23% a year', 'Total R$ 145,20 · CET 23,23% a.a.', '1,76% a.m. · CET 23,23% a.a.']));
} finally { await browser.close(); await demo.close(); }
