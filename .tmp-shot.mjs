import { startDemo } from '/work/wt/inview/demo/start-demo.mjs';
import { chromium } from '@playwright/test';
const demo = await startDemo({ port: 0, keysDir: '/tmp/inview-keys' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
try {
  for (const [w,h,mode,n] of JSON.parse(process.argv[2])) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await page.goto(`${demo.url}/${mode==='inline'?'?isolation=inline':''}`);
    await page.locator('#pay:enabled').waitFor({ timeout: 30000 });
    const box = () => page.evaluate(() => { const b = document.getElementById('pay').getBoundingClientRect(); return { top: b.top, bottom: b.bottom, h: innerHeight }; });
    const before = await box();
    if (n) {
      const where = mode === 'frame' ? page.frameLocator('svc-card-form iframe') : page;
      await where.locator('select').selectOption(String(n));
      await page.waitForTimeout(500);
    }
    console.log(w, h, mode, n, JSON.stringify(before), JSON.stringify(await box()), await page.locator('#pay').innerText());
    await page.screenshot({ path: `/tmp/inview-${w}x${h}-${mode}${n ? '-' + n : ''}.png` });
    await page.close();
  }
} finally { await browser.close(); await demo.close(); }
