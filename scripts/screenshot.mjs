// Dev helper: node scripts/screenshot.mjs URL OUT.png [width] [height] [theme]
import { chromium } from 'playwright-core';

const [url, out, width = '1280', height = '800', theme] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
  ],
});
const context = await browser.newContext({ viewport: { width: Number(width), height: Number(height) } });
if (theme) await context.addInitScript((t) => localStorage.setItem('vite-ui-theme', t), theme);
const page = await context.newPage();
page.on('console', (m) => {
  if (m.type() === 'error') console.error('console:', m.text());
});
page.on('pageerror', (e) => console.error('pageerror:', e.message));
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(Number(process.env.WAIT ?? 2500));
await page.screenshot({ path: out });
await browser.close();
console.log('saved', out);
