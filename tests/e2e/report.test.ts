import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunDto } from '../../contract';
import {
  DESKTOP,
  launchBrowser,
  MOBILE,
  MORAPACK_DIR,
  newPage,
  type RunningServer,
  startServer,
} from './harness';

/**
 * A run's outcome in Chromium against the real server: the collapse report (close, reopen, the phone's
 * sheet), an older run's report reopened from the history, and a finished week's summary. The input is
 * small but real: the real airports file, the real flight plan's flights among seven airports, and the
 * real orders to them of two days, so a collapse search at maximum speed ends in seconds.
 */

const AIRPORTS_FILE = 'c.1inf54.25.2.Aeropuerto.husos.v1.20250818__estudiantes.txt';
const FLIGHTS_FILE = 'c.1inf54.25.2.planes_vuelo.v4.20250818.txt';
const ORDERS_FILE = 'pedidos-diciembre22-31.txt';
const haveFiles = [AIRPORTS_FILE, FLIGHTS_FILE, ORDERS_FILE].every((f) =>
  existsSync(path.join(MORAPACK_DIR, f)),
);
if (!haveFiles) console.warn(`report e2e omitido: faltan los archivos reales en ${MORAPACK_DIR}`);

const NETWORK = new Set(['SPIM', 'EBCI', 'UBBB', 'SKBO', 'SEQM', 'EDDI', 'VIDP']);
const DAYS = new Set(['20251222', '20251223']);

const realLines = (file: string, keep: (fields: string[]) => boolean) =>
  readFileSync(path.join(MORAPACK_DIR, file), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '' && keep(line.trim().split('-')))
    .join('\r\n');

let server: RunningServer;
let browser: Browser;
let older: RunDto;
let newer: RunDto;

const api = async <T>(p: string, init?: RequestInit): Promise<T> => {
  const response = await fetch(`${server.baseUrl}/api/${p}`, init);
  if (!response.ok) throw new Error(`${p}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

async function upload(kind: string, name: string, body: BlobPart) {
  const form = new FormData();
  form.append('file', new Blob([body]), name);
  await api(`${kind}/upload`, { method: 'POST', body: form });
}

async function runToEnd(payload: object): Promise<RunDto> {
  const run = await api<RunDto>('simulaciones', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  for (let i = 0; i < 600; i++) {
    const now = await api<RunDto>(`simulaciones/${run.id}`);
    if (now.estado !== 'en_curso') return now;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`la simulación ${run.id} no terminó en 5 minutos`);
}

beforeAll(async () => {
  if (!haveFiles) return;
  [server, browser] = await Promise.all([startServer({ seedDemo: false }), launchBrowser()]);
  await upload(
    'aereopuertos',
    AIRPORTS_FILE,
    new Uint8Array(readFileSync(path.join(MORAPACK_DIR, AIRPORTS_FILE))),
  );
  await upload(
    'vuelos',
    'vuelos-7-aeropuertos.txt',
    realLines(FLIGHTS_FILE, ([o, d]) => NETWORK.has(o) && NETWORK.has(d)),
  );
  await upload(
    'pedidos',
    'pedidos-7-aeropuertos.txt',
    realLines(ORDERS_FILE, (f) => DAYS.has(f[1]) && NETWORK.has(f[4])),
  );
  // Two collapse searches (another seed of synthetic demand for the second): the newer never erases the older.
  older = await runToEnd({ modo: 'colapso', velocidad: 'max', semilla: 1 });
  newer = await runToEnd({ modo: 'colapso', velocidad: 'max', semilla: 2 });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const report = (page: Page) => page.getByRole('region', { name: 'Colapso del sistema' });

describe.skipIf(!haveFiles)('run outcomes in Chromium with real-format files', () => {
  it('both searches collapsed and the history keeps both reports', async () => {
    expect(older.estado).toBe('colapsada');
    expect(newer.estado).toBe('colapsada');
    const history = await api<RunDto[]>('simulaciones/historial?modo=colapso');
    expect(history.map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(history[1].reporte).toEqual(older.reporte);
  });

  it('the report fits the window, names flights and airports for people, closes and reopens; the history reopens the older one', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await page.goto(`${server.baseUrl}/colapso`);
    const card = report(page);
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getAttribute('data-run-id')).toBe(newer.id);
    const r = newer.reporte!;
    const text = (await card.textContent()) ?? '';
    expect(text).not.toMatch(/@\d/);
    expect(text).toContain(`Pedidos al colapso`);
    for (const term of ['Entregados a tiempo', 'Entregados tarde', 'Sin ruta', 'En tránsito'])
      expect(text).toContain(term);
    if (r.vuelos.length > 0) {
      const first = card.getByRole('button', {
        name: /^[A-Z]{4} → [A-Z]{4} \d\d:\d\d local · \d\d:\d\d UTC$/,
      });
      expect(await first.count()).toBe(r.vuelos.length);
    }
    if (r.almacen)
      await card.getByRole('button', { name: `${r.almacen.ciudad} (${r.almacen.codigo})` }).waitFor();
    // Inside the window, above the status strip; a long report scrolls inside.
    const box = (await card.boundingBox())!;
    const strip = (await page.getByRole('region', { name: 'Estado de la simulación' }).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(strip.y);
    // The map stands at the collapse instant and marks what was full.
    const map = page.getByTestId('flight-map');
    await expect
      .poll(async () => Number(await map.getAttribute('data-highlighted')), { timeout: 30_000 })
      .toBeGreaterThan(0);

    await card.getByRole('button', { name: 'Cerrar informe' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Ver informe', exact: true }).click();
    await card.waitFor();

    // The panel's history: newest first; the older run's report comes back.
    const history = page.getByRole('region', { name: 'Simulaciones anteriores' });
    const rows = history.getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
    expect(await rows.nth(0).getAttribute('data-run-id')).toBe(newer.id);
    await rows
      .nth(1)
      .getByRole('button', { name: /^Ver informe del / })
      .click();
    await expect.poll(() => card.getAttribute('data-run-id')).toBe(older.id);
    expect(await card.textContent()).toContain(
      new Intl.DateTimeFormat('es-ES', {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(older.reporte!.fecha)),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone the report is a sheet from the bottom edge that scrolls inside', async () => {
    const { context, page, errors } = await newPage(browser, MOBILE);
    await page.goto(`${server.baseUrl}/colapso`);
    const card = report(page);
    await card.waitFor({ timeout: 30_000 });
    const box = (await card.boundingBox())!;
    expect(box.width).toBe(MOBILE.width);
    expect(Math.round(box.y + box.height)).toBe(MOBILE.height);
    expect(box.height).toBeLessThanOrEqual(MOBILE.height * 0.76);
    await card.getByRole('button', { name: 'Cerrar informe' }).click();
    await page.getByRole('button', { name: 'Ver informe', exact: true }).click();
    await card.waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a finished week ends in its summary card, with the wall time it took', async () => {
    const week = await runToEnd({
      modo: 'semanal',
      velocidad: 'max',
      inicio: '2025-12-22T00:00:00Z',
      fin: '2025-12-24T00:00:00Z',
    });
    expect(week.estado).toBe('terminada');
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await page.goto(`${server.baseUrl}/simulacion`);
    const card = page.getByRole('region', { name: 'Simulación terminada' });
    await card.waitFor({ timeout: 30_000 });
    const s = week.resumen!;
    const n = (x: number) => new Intl.NumberFormat('es-ES').format(x);
    await card.getByRole('region', { name: `Pedidos (${n(s.pedidos)})` }).waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('Duración real');
    expect(text).toContain('Almacén más lleno');
    expect(text).toContain('Vuelo más lleno');
    await card.getByRole('button', { name: 'Cerrar resumen' }).click();
    await page.getByRole('button', { name: 'Ver resumen', exact: true }).click();
    await card.waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
