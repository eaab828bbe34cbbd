/**
 * Runs an operator drives, end to end: the real server and database, Chromium, and the real MoraPack
 * files (airports, flight plan, the December week of orders). A weekly run starts from the panel at a
 * chosen speed over a few simulated hours (the whole week would take CI too long) and plays to 100 %;
 * a second browser sees the same run and clock; a second 'Iniciar' asks first; 'Aplicar' with a
 * warehouse only filters; a collapse search starts at maximum speed with a steep growth law (×10 a day,
 * so it collapses in about a minute instead of six) and ends 'Colapsada'.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRangeDto, RunDto } from '../../contract';
import { launchBrowser, MOBILE, MORAPACK_DIR, newPage, type RunningServer, startServer } from './harness';

const FILES = {
  aereopuertos: 'c.1inf54.25.2.Aeropuerto.husos.v1.20250818__estudiantes.txt',
  vuelos: 'c.1inf54.25.2.planes_vuelo.v4.20250818.txt',
  pedidos: 'pedidos-diciembre22-31.txt',
} as const;
const haveFiles = Object.values(FILES).every((f) => existsSync(path.join(MORAPACK_DIR, f)));
if (!haveFiles) console.warn(`runs e2e omitido: faltan los archivos reales en ${MORAPACK_DIR}`);

let server: RunningServer;
let browser: Browser;
let range: OrderRangeDto;

async function upload(kind: keyof typeof FILES) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path.join(MORAPACK_DIR, FILES[kind]))]), FILES[kind]);
  const response = await fetch(`${server.baseUrl}/api/${kind}/upload`, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`${kind}: ${response.status} ${await response.text()}`);
}

const api = async <T>(p: string): Promise<T> => {
  const response = await fetch(`${server.baseUrl}/api/${p}`);
  if (!response.ok) throw new Error(`${p}: ${response.status}`);
  return (await response.json()) as T;
};

beforeAll(async () => {
  if (!haveFiles) return;
  [server, browser] = await Promise.all([startServer({ seedDemo: false }), launchBrowser()]);
  await upload('aereopuertos');
  await upload('vuelos');
  await upload('pedidos');
  range = await api<OrderRangeDto>('pedidos/rango');
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const strip = (page: Page) => page.locator('section[aria-label="Estado de la simulación"]');
const controls = (page: Page) => page.getByRole('region', { name: 'Simulación', exact: true });
const headerClock = (page: Page) => page.getByRole('banner').getByRole('timer');
const segments = (page: Page, label: string) =>
  page.getByRole('group', { name: label }).getByRole('spinbutton');

/** dd MM yyyy HH mm of an instant, in UTC (the panel's dates are UTC). */
const digitsOf = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}${p(d.getUTCMonth() + 1)}${d.getUTCFullYear()}${p(d.getUTCHours())}${p(d.getUTCMinutes())}`;
};

async function pickSpeed(page: Page, option: string) {
  await controls(page)
    .getByRole('button', { name: /Velocidad/ })
    .click();
  await page.getByRole('option', { name: option }).click();
}

const runOf = async (modo: string) => (await api<RunDto[]>('simulaciones')).find((r) => r.modo === modo);
const historyCount = async (modo: string) =>
  (await api<RunDto[]>(`simulaciones/historial?modo=${modo}`)).length;

describe.skipIf(!haveFiles)('runs driven from the browser, on the real files', () => {
  it('/simulacion: dates default to the loaded range; a chosen speed plays the window to 100 %; a second browser sees the same run and clock; Aplicar only filters; a second Iniciar asks first', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${server.baseUrl}/simulacion`);

    // No run: no planes, and what to do next.
    await strip(page)
      .getByText(/Sin simulación/)
      .waitFor();
    await strip(page)
      .getByTestId('order-range')
      .getByText(/42\.993 pedidos/)
      .waitFor();
    await expect(page.getByTestId('flight-map').getAttribute('data-flight-count')).resolves.toBe('0');
    await expect
      .poll(() => headerClock(page).getAttribute('data-caption'), { timeout: 15_000 })
      .toBe('Tiempo real');

    // The panel's dates are the loaded orders' range.
    const first = new Date(range.primero as string);
    const firstText = `${first.getUTCDate()} de diciembre de 2025`;
    await page.getByText(new RegExp(firstText)).first().waitFor();

    // Twelve simulated hours, a week-in-30-minutes pace: about two minutes of wall time, finished at
    // maximum speed below once the checks that need a going run are done.
    const finMs = Date.parse(range.primero as string) + 12 * 3_600_000;
    await segments(page, 'Fecha de fin').first().click();
    await page.keyboard.type(digitsOf(finMs), { delay: 30 });
    await pickSpeed(page, 'Semana en 30 min (×336)');

    const before = await historyCount('semanal');
    // A double click is one start intent: one run.
    await controls(page).getByRole('button', { name: 'Iniciar' }).dblclick();
    // Building a run on the real files takes seconds (longer on a busy machine).
    await expect.poll(() => strip(page).getAttribute('data-estado'), { timeout: 90_000 }).toBe('en_curso');
    const runId = await strip(page).getAttribute('data-run-id');
    expect(await historyCount('semanal')).toBe(before + 1);
    const run = await runOf('semanal');
    expect(run?.id).toBe(runId);
    expect(run?.velocidad).toBe(336);
    expect(run?.inicio).toBe(range.primero);

    // Paused, its clock holds; the steps below cannot race the run's end.
    await controls(page).getByRole('button', { name: 'Pausar' }).click();
    await expect.poll(() => strip(page).getAttribute('data-estado'), { timeout: 15_000 }).toBe('pausada');
    await expect
      .poll(() => headerClock(page).getAttribute('data-caption'), { timeout: 10_000 })
      .toBe('Simulada · en pausa');

    // A second 'Iniciar' while it goes asks first, naming what would be lost; keeping it changes nothing.
    await controls(page).getByRole('button', { name: 'Iniciar' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/Hay una simulación en curso desde/).waitFor();
    await dialog.getByRole('button', { name: 'Seguir con la actual' }).click();
    await expect(dialog.count()).resolves.toBe(0);

    // 'Aplicar' with a warehouse filters the map and opens its card; the run is the same one.
    await page.getByRole('button', { name: 'Almacén Seleccionar almacén' }).click();
    await page.getByRole('searchbox', { name: 'Buscar almacén' }).fill('SPIM');
    await page.getByRole('option', { name: /SPIM/ }).click();
    await page.getByRole('button', { name: 'Aplicar', exact: true }).click();
    await page.getByRole('region', { name: 'Detalle del aeropuerto' }).waitFor();
    expect((await runOf('semanal'))?.id).toBe(runId);
    expect((await runOf('semanal'))?.estado).toBe('pausada');
    expect(await historyCount('semanal')).toBe(before + 1);

    await controls(page).getByRole('button', { name: 'Reanudar' }).click();
    await expect
      .poll(() => headerClock(page).getAttribute('data-caption'), { timeout: 15_000 })
      .toBe('Simulada');
    // Any ×N applies to the going run at once.
    await pickSpeed(page, 'Otra (×N)');
    const n = controls(page).getByRole('textbox', { name: 'Veces el tiempo real (×N)' });
    await n.fill('3600');
    await n.press('Enter');
    await expect.poll(async () => (await runOf('semanal'))?.velocidad, { timeout: 15_000 }).toBe(3600);

    // It plays to the end: 100 %, finished, the clock stopped at the window's end.
    await expect
      .poll(() => strip(page).getAttribute('data-estado'), { timeout: 180_000, interval: 500 })
      .toBe('terminada');
    await expect
      .poll(() => strip(page).getByTestId('run-progress').getAttribute('data-fraction'), { timeout: 10_000 })
      .toBe('1.0000');
    await expect(
      strip(page).getByRole('progressbar', { name: 'Progreso de la semana' }).getAttribute('aria-valuenow'),
    ).resolves.toBe('100');
    await expect
      .poll(() => headerClock(page).getAttribute('data-caption'), { timeout: 15_000 })
      .toBe('Simulada · final');

    // Another browser: the same run, the same clock (stopped at the same instant).
    const other = await newPage(browser);
    await other.page.goto(`${server.baseUrl}/simulacion`);
    await expect.poll(() => strip(other.page).getAttribute('data-run-id'), { timeout: 15_000 }).toBe(runId);
    await expect
      .poll(() => headerClock(other.page).locator('time').getAttribute('datetime'), { timeout: 15_000 })
      .toBe(await headerClock(page).locator('time').getAttribute('datetime'));
    expect(other.errors).toEqual([]);
    await other.context.close();

    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('/colapso: maximum speed by default, the growth law is editable, and the search ends collapsed', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${server.baseUrl}/colapso`);
    await controls(page)
      .getByRole('button', { name: /Máxima/ })
      .waitFor();
    const growth = controls(page).getByRole('group', { name: 'Ley de crecimiento' });
    const factor = growth.getByRole('textbox', { name: 'Crecimiento ×' });
    const period = growth.getByRole('textbox', { name: 'Periodo (días)' });
    await expect.poll(() => factor.inputValue(), { timeout: 15_000 }).toBe('2');
    // Demand ×10 in a simulated day (the planner serves 6× the real week on time): it saturates in days.
    await factor.fill('10');
    await factor.press('Tab');
    await period.fill('1');
    await period.press('Tab');

    await controls(page).getByRole('button', { name: 'Iniciar' }).click();
    await expect.poll(() => runOf('colapso'), { timeout: 90_000 }).toBeTruthy();
    const run = await runOf('colapso');
    expect(run?.velocidad).toBe('max');
    expect(run?.crecimiento).toEqual({ exponente: 1.174, factorPorPeriodo: 10, periodoDias: 1 });
    await expect
      .poll(() => strip(page).getAttribute('data-estado'), { timeout: 240_000, interval: 1_000 })
      .toBe('colapsada');
    await strip(page).getByText('Colapsada').waitFor();
    await expect
      .poll(() => headerClock(page).getAttribute('data-caption'), { timeout: 15_000 })
      .toBe('Simulada · final');
    // The search's figures: simulated days, orders planned, demand factor.
    const figures = await strip(page).getByTestId('run-progress').textContent();
    expect(figures).toMatch(/Días simulados\d+,\d/);
    expect(figures).toMatch(/Demanda×\d/);

    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('phone: the strip is a compact summary that opens to the figures', async () => {
    const { context, page, errors } = await newPage(browser, MOBILE);
    // The week the first test played to its end.
    await page.goto(`${server.baseUrl}/simulacion`);
    await strip(page).getByText('Terminada').waitFor({ timeout: 15_000 });
    // The week's summary is a sheet over the strip on a phone: the operator closes it first.
    const closeSummary = page.getByRole('button', { name: 'Cerrar resumen' });
    await closeSummary.waitFor({ timeout: 5_000 }).then(
      () => closeSummary.click(),
      () => undefined,
    );
    await expect(strip(page).getByText('Pedidos recibidos').count()).resolves.toBe(0);
    await strip(page).getByRole('button', { name: 'Cifras' }).click();
    await strip(page).getByText('Pedidos recibidos').waitFor();
    const box = await strip(page).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
    await context.close();
  });
});
