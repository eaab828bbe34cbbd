import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, newPage, type RunningServer, startServer } from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ seedDemo: false }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const activeLink = (page: import('playwright-core').Page) =>
  page.locator('nav[aria-label="Secciones"] a[aria-current="page"]');

describe('app shell in Chromium', () => {
  it('redirects / and unknown paths to /operacion (replace)', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL('**/operacion');
    await expect(activeLink(page).innerText()).resolves.toBe('Operación Diaria');
    await page.goto(`${server.baseUrl}/no/existe`);
    await page.waitForURL('**/operacion');
    // Replace, not push: going back returns to the page before, never to the bad path.
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe('/no/existe');
    await context.close();
  });

  it('navigates with the four links, each active only on its own path', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${server.baseUrl}/operacion`);
    // The app shell appears once the session is known; the links are read after it.
    const links = page.locator('nav[aria-label="Secciones"] a');
    await links.first().waitFor();
    const labels = await links.allInnerTexts();
    expect(labels).toEqual(['Registrar envío', 'Operación Diaria', 'Simulación Semanal', 'Colapso']);
    for (const [label, path] of [
      ['Registrar envío', '/registrar'],
      ['Simulación Semanal', '/simulacion'],
      ['Colapso', '/colapso'],
      ['Operación Diaria', '/operacion'],
    ] as const) {
      await page.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`**${path}`);
      await expect(activeLink(page).innerText()).resolves.toBe(label);
    }
    await page.getByRole('link', { name: 'MoraPack, inicio' }).click();
    await page.waitForURL('**/operacion');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts dark, and remembers the theme chosen in the menu', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/operacion`);
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, 'dark');
    await page.getByRole('button', { name: 'Cambiar tema' }).click();
    const items = await page.getByRole('menuitemradio').allTextContents();
    expect(items.map((text) => text.replace('✓', '').trim())).toEqual(['Light', 'Dark', 'System']);
    await page.getByRole('menuitemradio', { name: /Light/ }).click();
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, 'light');
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('light');
    await page.reload();
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, 'light');
    await context.close();
  });

  it('System follows the device preference live', async () => {
    const { context, page } = await newPage(browser);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${server.baseUrl}/operacion`);
    await page.getByRole('button', { name: 'Cambiar tema' }).click();
    await page.getByRole('menuitemradio', { name: /System/ }).click();
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await context.close();
  });

  it('shows the clock at the top right on desktop, except on /registrar', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${server.baseUrl}/simulacion`);
    // The nav bar's clock (the filter panel has its own 'Hora del sistema' pill too).
    const timer = page.getByRole('banner').getByRole('timer', { name: 'Hora del sistema' });
    await timer.waitFor();
    const box = await timer.boundingBox();
    expect(box && box.x > DESKTOP.width / 2 && box.y < 60).toBe(true);
    await page.getByRole('link', { name: 'Registrar envío' }).click();
    await page.waitForURL('**/registrar');
    await expect(page.getByRole('timer').count()).resolves.toBe(0);
    await context.close();
  });

  it('on a phone the four sections fit one row, with short names and the full ones for assistive tech', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto(`${server.baseUrl}/simulacion`);
    const nav = page.locator('nav[aria-label="Secciones"]');
    await nav.locator('a').first().waitFor();
    expect(await nav.locator('a').allInnerTexts()).toEqual(['Registrar', 'Diaria', 'Semanal', 'Colapso']);
    const fits = await nav.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    await expect(activeLink(page).getAttribute('aria-label')).resolves.toBe('Simulación Semanal');
    await page.getByRole('link', { name: 'Operación Diaria', exact: true }).click();
    await page.waitForURL('**/operacion');
    await context.close();
  });

  it('on mobile the clock is a floating button that opens it', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto(`${server.baseUrl}/operacion`);
    await expect(page.getByRole('banner').getByRole('timer').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Ver reloj' }).click();
    await expect(page.getByRole('dialog', { name: 'Reloj' }).getByRole('timer').isVisible()).resolves.toBe(
      true,
    );
    await context.close();
  });

  it('toggles the section panel on desktop and opens a bottom sheet on mobile', async () => {
    const desktop = await newPage(browser, DESKTOP);
    await desktop.page.goto(`${server.baseUrl}/colapso`);
    const panel = desktop.page.getByRole('complementary', { name: 'Controles de simulación' });
    await desktop.page.getByRole('button', { name: 'Ocultar' }).click();
    await expect(panel.getAttribute('data-expanded')).resolves.toBe('false');
    await desktop.page.getByRole('button', { name: 'Ver más' }).click();
    await expect(panel.getAttribute('data-expanded')).resolves.toBe('true');
    await desktop.page.goto(`${server.baseUrl}/registrar`);
    await desktop.page.getByText('Registrar Envío: Ingresa los datos de los envíos.').waitFor();
    await expect(desktop.page.getByRole('button', { name: 'Ver más' }).count()).resolves.toBe(0);
    await desktop.context.close();

    const mobile = await newPage(browser, MOBILE);
    await mobile.page.goto(`${server.baseUrl}/operacion`);
    await mobile.page.getByRole('button', { name: 'Ver más' }).click();
    const sheet = mobile.page.getByRole('dialog', { name: 'Controles de simulación' });
    await sheet.waitFor();
    await sheet.getByRole('button', { name: 'Ocultar' }).click();
    await sheet.waitFor({ state: 'detached' });
    await mobile.context.close();
  });
});
