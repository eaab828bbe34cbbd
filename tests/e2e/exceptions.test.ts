import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AirportDto, ExceptionPageDto, FlightDetailDto, RunDto } from '../../contract';
import { launchBrowser, MORAPACK_DIR, newPage, type RunningServer, startServer } from './harness';

/**
 * The exceptions panel against the real server, on the real week played at max speed. The real week
 * alone is all on time, so a burst in the same format is added: 20 orders of 999 products to Quito on
 * 24/12, far more than its warehouse (410 products, each staying 2 h for pickup) can receive before
 * their deadlines. The server's KPIs and answers prove what the panel says.
 */

const FILES = {
  aereopuertos: 'c.1inf54.25.2.Aeropuerto.husos.v1.20250818__estudiantes.txt',
  vuelos: 'c.1inf54.25.2.planes_vuelo.v4.20250818.txt',
  pedidos: 'pedidos-diciembre22-31.txt',
} as const;
const haveFiles = Object.values(FILES).every((f) => existsSync(path.join(MORAPACK_DIR, f)));
if (!haveFiles) console.warn(`exceptions e2e omitido: faltan los archivos reales en ${MORAPACK_DIR}`);

/** 'NNNNNNNNN-yyyymmdd-hh-mm-DEST-QQQ-CCCCCCC', sequence numbers clear of the real file's. */
const BURST = Array.from(
  { length: 20 },
  (_, i) =>
    `${String(900_001 + i).padStart(9, '0')}-20251224-10-${String(i * 2).padStart(2, '0')}-SEQM-999-${String(1_000_000 + i)}`,
).join('\r\n');

let server: RunningServer;
let browser: Browser;
let run: RunDto;

const api = async <T>(p: string, init?: RequestInit): Promise<T> => {
  const response = await fetch(`${server.baseUrl}/api/${p}`, init);
  if (!response.ok) throw new Error(`${p}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

async function upload(kind: string, name: string, bytes: Uint8Array<ArrayBuffer> | string) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  await api(`${kind}/upload`, { method: 'POST', body: form });
}

beforeAll(async () => {
  if (!haveFiles) return;
  [server, browser] = await Promise.all([startServer({ seedDemo: false }), launchBrowser()]);
  for (const [kind, file] of Object.entries(FILES))
    await upload(kind, file, new Uint8Array(readFileSync(path.join(MORAPACK_DIR, file))));
  await upload('pedidos', 'rafaga-quito.txt', BURST);
  const started = await api<RunDto>('simulaciones', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // Two days of the real week, the burst on the second: every order after it to Quito fails too, and
    // each failure costs the planner a search and a diagnosis, so a short window keeps the test short.
    body: JSON.stringify({
      modo: 'semanal',
      velocidad: 'max',
      inicio: '2025-12-23T00:00:00Z',
      fin: '2025-12-25T00:00:00Z',
    }),
  });
  for (let i = 0; i < 600; i++) {
    run = await api<RunDto>(`simulaciones/${started.id}`);
    if (run.estado !== 'en_curso') break;
    await new Promise((r) => setTimeout(r, 500));
  }
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe.skipIf(!haveFiles)('exceptions of the real week', () => {
  it('the panel counts what the KPIs count; a late order names a real full flight or warehouse; a click opens it', async () => {
    expect(run.estado).toBe('terminada');
    const k = run.kpis;
    const page1 = await api<ExceptionPageDto>(`simulaciones/${run.id}/excepciones?limite=500`);
    expect(page1.totales.atrasado).toBe(k.entregadosTarde + k.enTransitoTarde);
    expect(page1.totales.sin_ruta).toBe(k.sinRuta);
    const problems = k.entregadosTarde + k.enTransitoTarde + k.sinRuta;
    expect(problems).toBeGreaterThan(0);

    // Every late or unrouted reason names something real: a flight of the plan that is full (or
    // cancelled), or the warehouse of an airport of the network, by city and code.
    const airports = await api<AirportDto[]>('aereopuertos');
    const codes = new Set(airports.map((a) => a.codigo));
    const blocked = page1.filas.filter((f) => f.tipo !== 'en_riesgo');
    expect(blocked.length).toBeGreaterThan(0);
    for (const row of blocked.slice(0, 5)) {
      if (row.almacen) {
        expect(codes.has(row.almacen)).toBe(true);
        expect(row.motivo).toMatch(
          new RegExp(`^Almacén de .+ \\(${row.almacen}\\) lleno (desde el|a partir del) `),
        );
      } else {
        expect(row.vuelo, row.motivo).not.toBeNull();
        const f = await api<FlightDetailDto>(`vuelos/${encodeURIComponent(row.vuelo!)}?modo=semanal`);
        expect(row.motivo).toContain(`${f.origen} → ${f.destino} ${f.codigo.slice(-5)}`);
        expect(f.cancelado || f.carga === f.capacidad).toBe(true);
      }
    }

    const { context, page, errors } = await newPage(browser);
    await page.goto(`${server.baseUrl}/simulacion`);
    const button = page.getByRole('button', {
      name: `Excepciones: ${problems} ${problems === 1 ? 'pedido atrasado o sin ruta' : 'pedidos atrasados o sin ruta'}`,
    });
    await button.waitFor({ timeout: 30_000 });
    await button.click();
    const panel = page.getByRole('region', { name: 'Excepciones' });
    const n = (x: number) => new Intl.NumberFormat('es-ES').format(x);
    await panel.getByRole('button', { name: `Atrasados (${n(page1.totales.atrasado)})` }).waitFor();
    await panel.getByRole('button', { name: `Sin ruta (${n(page1.totales.sin_ruta)})` }).waitFor();

    // The first row (least slack) is the server's first, with its reason; a click opens its card.
    const first = page1.filas[0];
    const row = panel.getByRole('option').first();
    await expect.poll(() => row.textContent()).toContain(first.clave);
    expect(await row.textContent()).toContain(first.motivo);
    await row.click();
    const card = page.getByRole('region', { name: 'Detalle del pedido' });
    await card.getByRole('heading', { name: `Pedido ${first.clave}` }).waitFor({ timeout: 20_000 });

    // Search narrows on the server.
    await panel.getByRole('textbox', { name: 'Buscar' }).fill(first.clave);
    await panel.getByText('1–1 de 1').waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
