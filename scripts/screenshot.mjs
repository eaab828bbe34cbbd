// Dev helper: node scripts/screenshot.mjs URL OUT.png [width] [height] [theme]
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [url, out, width = '1280', height = '800', theme] = process.argv.slice(2);
const config = JSON.parse(readFileSync(new URL('./chromium.json', import.meta.url), 'utf8'));
const browser = await chromium.launch({ executablePath: config.executablePath, args: config.args });
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
