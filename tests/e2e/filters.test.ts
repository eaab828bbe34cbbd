import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MOBILE, newPage, type RunningServer, startServer } from './harness';

/**
 * The filter panel 'Controles de simulación' on the three run screens, driven with keyboard
 * and mouse against the real server and its demo data (orders from Monday 5 January 2026). 'Aplicar'
 * only filters the map and cards; runs start with the panel's own 'Iniciar'.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const strip = (page: Page) => page.locator('section[aria-label="Estado de la simulación"]');
const runOf = async (modo: string) => {
  const runs = (await (await fetch(`${server.baseUrl}/api/simulaciones`)).json()) as {
    modo: string;
    inicio: string;
  }[];
  return runs.find((r) => r.modo === modo);
};
const aplicar = (page: Page) => page.getByRole('button', { name: 'Aplicar', exact: true });
const segments = (page: Page, label: string) =>
  page.getByRole('group', { name: label }).getByRole('spinbutton');

async function typeDate(page: Page, label: string, digits: string) {
  await segments(page, label).first().click();
  await page.keyboard.type(digits, { delay: 30 });
}

describe('filter panel on the run screens', () => {
  it('/simulacion: the dates start as the loaded range; typed ones apply as filters and start nothing; Iniciar starts the run another browser sees', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${server.baseUrl}/simulacion`);
    // The demo orders' range fills the dates; Limpiar empties them and Aplicar waits for both.
    await page.getByTestId('order-range').first().waitFor();
    await expect.poll(() => aplicar(page).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Limpiar' }).click();
    await expect(aplicar(page).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('group', { name: 'Fecha de inicio' }).textContent()).resolves.toContain(
      'dd/MM/aaaa HH:mm',
    );

    await typeDate(page, 'Fecha de inicio', '050120260000');
    await expect(aplicar(page).isDisabled()).resolves.toBe(true);
    await typeDate(page, 'Fecha de fin', '120120260000');
    await expect(page.getByText('12 de enero de 2026 00:00')).toBeTruthy();
    await aplicar(page).focus();
    await page.keyboard.press('Enter');
    // Filtering is not run control: nothing started.
    await page.getByText('Filtros aplicados').waitFor();
    await expect(runOf('semanal')).resolves.toBeUndefined();
    await strip(page)
      .getByText(/Sin simulación/)
      .waitFor();

    await page
      .getByRole('region', { name: 'Simulación', exact: true })
      .getByRole('button', { name: 'Iniciar' })
      .click();
    await page.getByText('Simulación semanal iniciada').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => strip(page).getAttribute('data-estado'), { timeout: 10_000 })
      .toMatch(/en_curso|terminada/);
    const runId = await strip(page).getAttribute('data-run-id');
    expect(runId).toBeTruthy();
    await expect((await runOf('semanal'))?.inicio).toBe('2026-01-05T00:00:00.000Z');
    await expect
      .poll(() => strip(page).textContent(), { timeout: 10_000 })
      .toMatch(/Hora simulada\d\d\/01\/2026/);

    // Another operator opens the same screen: same run, and the panel shows its dates.
    const other = await newPage(browser);
    await other.page.goto(`${server.baseUrl}/simulacion`);
    await expect.poll(() => strip(other.page).getAttribute('data-run-id'), { timeout: 10_000 }).toBe(runId);
    await other.page.getByText('5 de enero de 2026 00:00').waitFor();
    await other.page.getByText('12 de enero de 2026 00:00').waitFor();
    await other.context.close();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('/operacion: a start picked with the mouse re-bases operation with Iniciar (not Aplicar); level chips filter the map; a warehouse pick opens its card', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${server.baseUrl}/operacion`);
    const map = page.getByTestId('flight-map');

    // Calendar with the mouse: year, month, day.
    await page.getByRole('group', { name: 'Fecha de inicio' }).getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: /calendario/ });
    await dialog.getByRole('button', { name: /Año$/ }).click();
    await page.getByRole('option', { name: '2026', exact: true }).click();
    await dialog.getByRole('button', { name: /Mes$/ }).click();
    await page.getByRole('option', { name: 'Enero' }).click();
    await dialog.getByRole('button', { name: /, 5 de enero de 2026/ }).click();
    await page.keyboard.press('Escape');
    await segments(page, 'Fecha de inicio').nth(3).click();
    await page.keyboard.type('0800');
    await page.getByText('5 de enero de 2026 08:00').waitFor();
    await aplicar(page).click();
    await page.getByText('Filtros aplicados').waitFor();
    await expect(runOf('operacion')).resolves.toBeUndefined();
    await page
      .getByRole('region', { name: 'Simulación', exact: true })
      .getByRole('button', { name: 'Iniciar' })
      .click();
    await page.getByText('Operación diaria iniciada').waitFor({ timeout: 30_000 });
    await expect.poll(() => strip(page).textContent(), { timeout: 10_000 }).toMatch(/05\/01\/2026/);

    // Flights of the checked levels only: with every chip off the map shows none.
    await expect
      .poll(async () => Number(await map.getAttribute('data-flight-count')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Disponible' }).click();
    await expect(page.getByRole('button', { name: 'Disponible' }).getAttribute('aria-pressed')).resolves.toBe(
      'false',
    );
    await aplicar(page).click();
    await expect
      .poll(async () => Number(await map.getAttribute('data-flight-count')), { timeout: 10_000 })
      .toBe(0);
    for (const level of ['Disponible', 'Limitado', 'Saturado'])
      await page.getByRole('button', { name: level }).click();
    await aplicar(page).click();
    await expect
      .poll(async () => Number(await map.getAttribute('data-flight-count')), { timeout: 10_000 })
      .toBeGreaterThan(0);

    // Pick a warehouse (real airports): search, pick, apply → the airport card opens.
    await page.getByRole('button', { name: 'Almacén Seleccionar almacén' }).click();
    await page.getByRole('searchbox', { name: 'Buscar almacén' }).fill('SPIM');
    await page.getByRole('option', { name: /SPIM/ }).click();
    await page.getByRole('button', { name: 'Almacén SPIM' }).waitFor();
    await aplicar(page).click();
    await page.getByRole('region', { name: 'Detalle del aeropuerto' }).waitFor();
    await expect(
      page.getByRole('region', { name: 'Detalle del aeropuerto' }).textContent(),
    ).resolves.toContain('SPIM');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('/colapso: no dates; Aplicar starts nothing; a flight picked with the keyboard opens its card', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${server.baseUrl}/colapso`);
    await expect(page.getByRole('group', { name: /Fecha/ }).count()).resolves.toBe(0);
    await expect(aplicar(page).isEnabled()).resolves.toBe(true);

    await page.getByRole('button', { name: 'Vuelo Seleccionar vuelo' }).click();
    const search = page.getByRole('searchbox', { name: 'Buscar vuelo' });
    await search.waitFor();
    await page.keyboard.type('SPIM-');
    await page.getByRole('option').first().waitFor();
    // The list filters as the keys land: wait until every option shown matches the search.
    await expect
      .poll(async () => {
        const options = await page.getByRole('option').allTextContents();
        return options.length > 0 && options.every((text) => text.includes('SPIM-'));
      })
      .toBe(true);
    await page.keyboard.press('ArrowDown');
    const focused = (await page.locator('[role="option"][data-focused]').textContent()) ?? '';
    const flightId = focused.match(/([A-Z]{4}-[A-Z]{4}-\d\d:\d\d)/)?.[1];
    expect(flightId).toContain('SPIM-');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `Vuelo ${flightId}` }).waitFor();
    await expect(search.count()).resolves.toBe(0);

    await aplicar(page).click();
    await page.getByText('Filtros aplicados').waitFor();
    await page.getByRole('region', { name: 'Detalle del vuelo' }).waitFor();
    await expect(runOf('colapso')).resolves.toBeUndefined();
    await strip(page)
      .getByText(/Sin simulación/)
      .waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('phone: the panel in the bottom sheet picks an order (Aplicar) and re-bases operation (Iniciar)', async () => {
    const { context, page, errors } = await newPage(browser, MOBILE);
    await page.goto(`${server.baseUrl}/operacion`);
    await page.getByRole('button', { name: 'Ver más' }).click();
    const sheet = page.getByRole('dialog', { name: 'Controles de simulación' });
    await sheet.waitFor();
    await typeDate(page, 'Fecha de inicio', '060120261200');
    await sheet.getByRole('button', { name: 'Pedido Seleccionar pedido' }).click();
    await page.getByRole('searchbox', { name: 'Buscar pedido' }).fill('0000001');
    // The server's answer, not the list's empty state while it is on its way.
    await page
      .getByRole('option', { name: /^[A-Z]{4}-\d{9}$/ })
      .first()
      .click();
    const pick = sheet.getByRole('button', { name: /^Pedido [A-Z]{4}-\d{9}$/ });
    await pick.waitFor();
    const orderKey = (await pick.textContent())?.match(/[A-Z]{4}-\d{9}/)?.[0];
    expect(orderKey).toBeTruthy();
    await sheet.getByRole('button', { name: 'Aplicar', exact: true }).click();
    await page.getByText('Filtros aplicados').waitFor();
    await sheet.getByRole('button', { name: 'Iniciar' }).click();
    // The /operacion test left a run going: replacing it asks first.
    const ask = page.getByRole('alertdialog', { name: 'Reemplazar la simulación' });
    await ask.getByText(/Hay una simulación en curso desde/).waitFor();
    await ask.getByRole('button', { name: 'Reemplazar' }).click();
    await page.getByText('Operación diaria iniciada').waitFor({ timeout: 60_000 });
    await sheet.getByRole('button', { name: 'Ocultar' }).click();
    await expect.poll(() => strip(page).textContent(), { timeout: 10_000 }).toMatch(/06\/01\/2026/);

    // The picked order's card: its key and its status in Spanish, from GET /api/pedidos/{id}.
    const card = page.getByRole('region', { name: 'Detalle del pedido' });
    await card.getByRole('heading', { name: `Pedido ${orderKey}` }).waitFor();
    const status = card.locator('[data-estado]');
    await status.waitFor({ timeout: 10_000 });
    expect(await status.textContent()).toMatch(
      /^(A tiempo|Atrasado|Sin ruta|Desde stock de sede|Pendiente)$/,
    );
    await card.getByRole('button', { name: 'Cerrar detalle del pedido' }).click();
    await expect(card.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
