import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyFlightDto, FlightDetailDto, OrderDetailDto, RunDto } from '../../contract';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness';

/**
 * Flight cancellations from the browser against the real server (demo data): 'Cancelar vuelo' on a
 * flight card before take-off, and the 'Cancelaciones' drop zone on /registrar. The server's own
 * answers (the flight, its orders) prove what the screen says.
 */

let server: RunningServer;
let browser: Browser;
let run: RunDto;

const api = async <T>(p: string, init?: RequestInit): Promise<T> => {
  const response = await fetch(`${server.baseUrl}/api/${p}`, init);
  if (!response.ok) throw new Error(`${p}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

const minutes = (iso: string) => Date.parse(iso) / 60_000;

/**
 * A loaded flight of the collapse run still on the ground, at least `minAhead` minutes before its
 * departure: the one departing last (orders book the next flights first, so few far ones are loaded).
 */
async function groundedFlight(minAhead: number, skip: ReadonlySet<string> = new Set()) {
  const now = minutes((await api<RunDto>(`simulaciones/${run.id}`)).ahora);
  let best: FlightDetailDto | null = null;
  for (const f of await api<DailyFlightDto[]>('vuelos')) {
    if (skip.has(f.id)) continue;
    const d = await api<FlightDetailDto>(`vuelos/${encodeURIComponent(f.id)}?modo=colapso`);
    const ahead = minutes(d.salida) - now;
    if (ahead < minAhead || ahead > 24 * 60 || d.carga === 0 || d.cancelado) continue;
    if (!best || minutes(d.salida) > minutes(best.salida)) best = d;
  }
  if (!best) throw new Error('ningún vuelo cargado en tierra en la ventana pedida');
  return best;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  // Five simulated minutes a second, from a day with orders: they arrive and book flights ahead.
  run = await api<RunDto>('simulaciones', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ modo: 'colapso', velocidad: 300, inicio: '2026-01-06T00:00:00Z' }),
  });
  for (let i = 0; i < 120; i++) {
    const now = await api<RunDto>(`simulaciones/${run.id}`);
    if (now.kpis.pedidosRecibidos >= 100) break;
    await new Promise((r) => setTimeout(r, 500));
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function pickFlight(page: Page, code: string) {
  await page.getByRole('button', { name: 'Vuelo Seleccionar vuelo' }).click();
  await page.getByRole('searchbox', { name: 'Buscar vuelo' }).waitFor();
  await page.keyboard.type(code);
  const option = page.getByRole('option', { name: new RegExp(code) });
  await expect.poll(() => page.getByRole('option').count(), { timeout: 10_000 }).toBe(1);
  await option.click();
  await page.getByRole('button', { name: `Vuelo ${code}` }).waitFor();
}

describe('cancelling flights from the browser', () => {
  it('cancels a flight from its card before take-off; its products are re-planned and the card says so', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${server.baseUrl}/colapso`);
    await page.waitForSelector('[data-testid="flight-map"][data-map-loaded="true"]', { timeout: 60_000 });
    // Far enough ahead that it is still on the ground when the click lands (300x: 1 h = 12 s).
    const flight = await groundedFlight(90);
    const aboard = flight.pedidos.map((p) => p.pedido);
    await pickFlight(page, flight.codigo);
    // The collapse run is moving: Aplicar only applies the picks (the flight's card opens).
    await page.getByRole('button', { name: 'Aplicar', exact: true }).click();
    const card = page.getByRole('region', { name: 'Detalle del vuelo' });
    await card.getByRole('heading', { name: `Vuelo ${flight.codigo}` }).waitFor();
    // Its orders open their own card.
    await card.getByRole('button', { name: `Ver pedido ${aboard[0]}` }).waitFor();

    const cancel = card.getByRole('button', { name: 'Cancelar vuelo' });
    await expect.poll(() => cancel.isEnabled(), { timeout: 10_000 }).toBe(true);
    await cancel.click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancelar vuelo' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`¿Cancelar el vuelo ${flight.codigo}`);
    await dialog.getByRole('button', { name: 'Cancelar vuelo' }).click();

    const outcome = card.locator('[data-cancelled]');
    await outcome.waitFor({ timeout: 30_000 });
    const said = (await outcome.textContent()) ?? '';
    const [, products, orders] = said.match(/se replanificaron (\d+) productos? de (\d+) pedidos?/) ?? [];
    // Orders keep arriving while the test clicks: those aboard when it looked, or more.
    expect(Number(orders)).toBeGreaterThanOrEqual(aboard.length);
    // The load read just before cancelling: at least what was booked when this test looked.
    expect(Number(products)).toBeGreaterThanOrEqual(flight.carga);

    // The server agrees: the flight is cancelled and empty; no order still rides it.
    const after = await api<FlightDetailDto>(`vuelos/${encodeURIComponent(flight.id)}?modo=colapso`);
    expect(after.cancelado).toBe(true);
    expect(after.carga).toBe(0);
    let late = 0;
    for (const key of aboard) {
      const order = await api<OrderDetailDto>(`pedidos/${encodeURIComponent(key)}?modo=colapso`);
      expect(order.envios.flatMap((e) => e.tramos.map((t) => t.vuelo))).not.toContain(flight.id);
      if (order.estado === 'atrasado' || order.estado === 'sin_ruta') late++;
    }
    if (late === 0) expect(said).toContain('Ningún pedido quedó atrasado');
    else expect(said).toMatch(/quedó atrasado|quedaron atrasados|sin ruta/);
    // The card now shows the flight as cancelled, and offers no second cancellation.
    await expect.poll(() => card.textContent(), { timeout: 10_000 }).toContain('Cancelado');
    await expect(cancel.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the 'Cancelaciones' zone applies a file to the runs that are going and says what it did", async () => {
    const flight = await groundedFlight(60);
    // dd.ORIG-DEST-HH:MM: the day of the month at the origin, local time (the id's HH:MM).
    const [hh, mm] = flight.codigo.slice(-5).split(':').map(Number) as [number, number];
    const utc = minutes(flight.salida);
    let offset = (((hh * 60 + mm - (utc % 1440)) % 1440) + 1440) % 1440;
    if (offset > 14 * 60) offset -= 1440;
    const day = new Date((utc + offset) * 60_000).getUTCDate();
    const line = `${String(day).padStart(2, '0')}.${flight.codigo}`;

    const { context, page, errors } = await newPage(browser);
    await page.goto(`${server.baseUrl}/registrar`);
    const zone = page.getByRole('region', { name: 'Cancelaciones', exact: true });
    await zone.getByText(/Se aplica a las simulaciones en curso: .*Colapso/).waitFor({ timeout: 15_000 });
    await expect(zone.getByRole('button', { name: 'Descargar' }).isDisabled()).resolves.toBe(true);
    await page
      .getByLabel('Seleccionar archivo de cancelaciones', { exact: true })
      .setInputFiles({ name: 'cancelaciones.txt', mimeType: 'text/plain', buffer: Buffer.from(`${line}\n`) });
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toMatch(
      /Se cancelarán los vuelos del archivo cancelaciones\.txt en .*Colapso/,
    );
    await confirm.getByRole('button', { name: 'Aceptar' }).click();

    await zone
      .getByText(/Colapso: Archivo de cancelaciones cancelaciones\.txt: 1 vuelos cancelados/)
      .waitFor({
        timeout: 30_000,
      });
    const after = await api<FlightDetailDto>(`vuelos/${encodeURIComponent(flight.id)}?modo=colapso`);
    expect(after.cancelado).toBe(true);
    // The status line names the file applied; its first lines are the file's.
    await zone.getByRole('button', { name: 'Ver primeras líneas' }).click();
    const preview = page.getByRole('alertdialog', { name: 'Primeras líneas de cancelaciones.txt' });
    await preview.waitFor();
    expect(await preview.locator('pre').textContent()).toBe(line);
    await preview.getByRole('button', { name: 'Cerrar' }).click();
    expect(errors).toEqual([]);
    await context.close();
  });
});
