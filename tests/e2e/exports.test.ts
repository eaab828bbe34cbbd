import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunDto } from '../../contract';
import { toNetwork, toPlanOrder } from '../../server/domain/convert';
import { parseAirports } from '../../server/formats/airports';
import { parseFlights } from '../../server/formats/flights';
import { parseOrders } from '../../server/formats/orders';
import { decodeText } from '../../server/formats/text';
import { planFromJsonLines, validatePlan } from '../../server/planner';
import { ORDERS_CSV_HEADER } from '../../server/simulation/downloads';
import { DESKTOP, launchBrowser, MORAPACK_DIR, newPage, type RunningServer, startServer } from './harness';

/**
 * A run's history and downloads in Chromium against the real server, on the real week at max speed:
 * each download through the 'Descargar' menu is read back (the plan passes the project's validator,
 * the orders CSV has one row per order), and the 'Gráficos' panel draws the run's stored history.
 */

const AIRPORTS_FILE = 'c.1inf54.25.2.Aeropuerto.husos.v1.20250818__estudiantes.txt';
const FLIGHTS_FILE = 'c.1inf54.25.2.planes_vuelo.v4.20250818.txt';
const ORDERS_FILE = 'pedidos-diciembre22-31.txt';
const haveFiles = [AIRPORTS_FILE, FLIGHTS_FILE, ORDERS_FILE].every((f) =>
  existsSync(path.join(MORAPACK_DIR, f)),
);
if (!haveFiles) console.warn(`exports e2e omitido: faltan los archivos reales en ${MORAPACK_DIR}`);

let server: RunningServer;
let browser: Browser;
let run: RunDto;

const api = async <T>(p: string, init?: RequestInit): Promise<T> => {
  const response = await fetch(`${server.baseUrl}/api/${p}`, init).catch((error: Error) => {
    throw new Error(`${p}: ${error.message} (${String(error.cause)})\n${server.logs().slice(-2000)}`);
  });
  if (!response.ok) throw new Error(`${p}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

async function upload(kind: string, file: string) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path.join(MORAPACK_DIR, file))]), file);
  await api(`${kind}/upload`, { method: 'POST', body: form });
}

beforeAll(async () => {
  if (!haveFiles) return;
  [server, browser] = await Promise.all([startServer({ seedDemo: false }), launchBrowser()]);
  await upload('aereopuertos', AIRPORTS_FILE);
  await upload('vuelos', FLIGHTS_FILE);
  await upload('pedidos', ORDERS_FILE);
  run = await api<RunDto>('simulaciones', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ modo: 'semanal', velocidad: 'max' }),
  });
  for (;;) {
    run = await api<RunDto>(`simulaciones/${run.id}`);
    if (run.estado !== 'en_curso') break;
    await new Promise((r) => setTimeout(r, 1000));
  }
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** The run's samples: one at each whole simulated hour of its window. */
const hourlySamples = () =>
  Math.floor(Date.parse(run.fin as string) / 3_600_000) - Math.ceil(Date.parse(run.inicio) / 3_600_000) + 1;

/** Clicks a 'Descargar' item and returns the downloaded file's name and text. */
async function download(page: Page, item: string) {
  await page.getByRole('button', { name: 'Descargar' }).click({ timeout: 90_000 });
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  const filePath = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(filePath, 'utf8') };
}

describe.skipIf(!haveFiles)('the real week: downloads and charts', () => {
  it('downloads each export through the menu and reads it back', async () => {
    expect(run.estado).toBe('terminada');
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await page.goto(`${server.baseUrl}/simulacion`);
    await page.getByRole('toolbar', { name: 'Acciones de la simulación' }).waitFor({ timeout: 60_000 });

    // The plan: one shipment per line, valid by the project's independent checker.
    const plan = await download(page, 'Plan (JSON lines)');
    expect(plan.name).toMatch(/^morapack-semanal-\d{4}-\d{2}-\d{2}-[a-z0-9]{8}-plan\.jsonl$/);
    const airports = parseAirports(decodeText(readFileSync(path.join(MORAPACK_DIR, AIRPORTS_FILE))).text);
    const flights = parseFlights(decodeText(readFileSync(path.join(MORAPACK_DIR, FLIGHTS_FILE))).text);
    const gmt = new Map(airports.records.map((a) => [a.code, a.gmt]));
    const from = Date.parse(run.inicio) / 60_000;
    const to = Date.parse(run.fin as string) / 60_000;
    const orders = parseOrders(decodeText(readFileSync(path.join(MORAPACK_DIR, ORDERS_FILE))).text)
      .records.map((o) => toPlanOrder(o, gmt.get(o.destination) ?? 0))
      .filter((o) => o.releaseMin >= from && o.releaseMin < to);
    expect(orders.length).toBe(run.kpis.pedidosRecibidos);
    const network = toNetwork(airports.records, flights.records);
    const report = validatePlan(network, orders, planFromJsonLines(plan.text, network, orders), undefined, {
      maxListed: 20,
    });
    expect(report.violations.filter((v) => v.kind !== 'deadline' && v.kind !== 'unshipped')).toEqual([]);
    expect(report.hard).toBe(0);

    // The orders: a UTF-8 BOM, ';' between fields, one row per order of the run.
    const csv = await download(page, 'Pedidos (CSV con ;)');
    expect(csv.name).toMatch(/-pedidos\.csv$/);
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    const rows = csv.text.slice(1).trimEnd().split('\r\n');
    expect(rows[0]).toBe(ORDERS_CSV_HEADER.join(';'));
    expect(rows.length - 1).toBe(run.kpis.pedidosRecibidos);
    expect(new Set(rows.slice(1).map((r) => r.split(';')[0])).size).toBe(run.kpis.pedidosRecibidos);
    const comma = await download(page, 'Pedidos (CSV con ,)');
    expect(comma.text.slice(1).startsWith(ORDERS_CSV_HEADER.join(','))).toBe(true);

    // The KPI history: a line per whole simulated hour of the week.
    const kpis = await download(page, 'Historia de KPI (CSV)');
    expect(kpis.text.slice(1).trimEnd().split('\r\n')).toHaveLength(hourlySamples() + 1);

    // The report, readable and as data.
    const text = await download(page, 'Reporte (texto)');
    expect(text.text).toContain('Estado: terminada');
    expect(text.text).toContain(`Recibidos: ${run.kpis.pedidosRecibidos}`);
    const json = await download(page, 'Reporte (JSON)');
    expect((JSON.parse(json.text) as RunDto).kpis).toEqual(run.kpis);
    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);

  it('the charts draw the run’s stored history, with any airport picked', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await page.goto(`${server.baseUrl}/simulacion`);
    await page.waitForSelector('[data-testid="flight-map"][data-map-loaded="true"]', { timeout: 90_000 });
    await page.getByRole('button', { name: 'Gráficos' }).click({ timeout: 90_000 });
    const dialog = page.getByRole('dialog', { name: 'Gráficos' });
    await dialog.getByText(/^Terminada · /).waitFor({ timeout: 60_000 });
    const figures = dialog.locator('figure[data-chart]');
    // Three network charts and the four busiest warehouses, each with every hourly sample.
    await expect.poll(() => figures.count()).toBe(7);
    for (const n of await figures.evaluateAll((fs) => fs.map((f) => (f as HTMLElement).dataset.samples)))
      expect(Number(n)).toBe(hourlySamples());
    await expect
      .poll(() => dialog.getByRole('img', { name: /^Pedidos entregados a tiempo: A tiempo \d+ %/ }).count())
      .toBe(1);
    await dialog.getByRole('button', { name: /Otro aeropuerto/ }).click();
    await page.getByRole('option', { name: 'Lima (SPIM)' }).click();
    await dialog.getByRole('img', { name: /^Lima \(SPIM\)/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
