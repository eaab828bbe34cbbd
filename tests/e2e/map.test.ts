import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AirportDto } from '../../contract';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness';

/**
 * The live map against the real server (demo data), in Debian's Chromium with SwiftShader WebGL:
 * loading, projection toggle, airport label on click, planes from a running simulation, and the
 * disconnected message when the server goes away.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const MAP = '[data-testid="flight-map"]';

async function openMap(page: Page, path: string) {
  await page.goto(`${server.baseUrl}${path}`);
  await page.waitForSelector(`${MAP}[data-map-loaded="true"]`, { timeout: 60_000 });
  await page.waitForSelector(`${MAP} canvas.maplibregl-canvas`);
}

async function airports(): Promise<AirportDto[]> {
  const response = await fetch(`${server.baseUrl}/api/aereopuertos`);
  return (await response.json()) as AirportDto[];
}

/** Web Mercator pixel of a point at the spec's initial view (centre -50, 0; zoom 2.1; 512 px tiles). */
function initialViewPixel(lon: number, lat: number, width: number, height: number) {
  const worldSize = 512 * 2 ** 2.1;
  const mercX = (l: number) => ((l + 180) / 360) * worldSize;
  const mercY = (p: number) =>
    ((180 - (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + (p * Math.PI) / 360))) / 360) * worldSize;
  return { x: width / 2 + mercX(lon) - mercX(-50), y: height / 2 + mercY(lat) - mercY(0) };
}

describe('live map', () => {
  it('loads the airports with a loading toast and draws them on a WebGL canvas', async () => {
    const { context, page, errors } = await newPage(browser);
    // Hold the real answer briefly so the loading toast is observable.
    await page.route('**/api/aereopuertos', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${server.baseUrl}/operacion`);
    await expect(
      page.getByText('Cargando aeropuertos...').waitFor({ timeout: 10_000 }),
    ).resolves.toBeUndefined();
    await page.waitForSelector(`${MAP}[data-map-loaded="true"]`, { timeout: 60_000 });
    const expected = (await airports()).length;
    expect(expected).toBeGreaterThan(0);
    await page.waitForFunction(
      ([selector, n]) =>
        document.querySelector(selector as string)?.getAttribute('data-airport-count') === String(n),
      [MAP, expected],
    );
    await page.getByText('Cargando aeropuertos...').waitFor({ state: 'detached', timeout: 10_000 });
    await expect(page.locator(MAP).getAttribute('data-theme')).resolves.toBe('dark');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('toggles Mercator and globe with the projection button', async () => {
    const { context, page } = await newPage(browser);
    await openMap(page, '/operacion');
    const map = page.locator(MAP);
    await expect(map.getAttribute('data-projection')).resolves.toBe('mercator');
    await page.getByRole('button', { name: 'Cambiar a proyección globo' }).click();
    await expect.poll(() => map.getAttribute('data-projection')).toBe('globe');
    await page.getByRole('button', { name: 'Cambiar a proyección Mercator' }).click();
    await expect.poll(() => map.getAttribute('data-projection')).toBe('mercator');
    // The base map follows the theme, without reloading the map.
    await page.getByRole('button', { name: 'Cambiar tema' }).click();
    await page.getByRole('menuitemradio', { name: /Light/ }).click();
    await expect.poll(() => map.getAttribute('data-theme')).toBe('light');
    await expect(map.getAttribute('data-map-loaded')).resolves.toBe('true');
    await context.close();
  });

  it('labels an airport "city (code)" on click and toggles it off on a second click', async () => {
    const { context, page } = await newPage(browser);
    await openMap(page, '/colapso');
    const box = await page.locator(MAP).boundingBox();
    if (!box) throw new Error('sin mapa');
    const list = await airports();
    // An airport well inside the map, clear of the filter panel (left) and of its neighbours.
    const placed = list.map((a) => ({ a, p: initialViewPixel(a.lon, a.lat, box.width, box.height) }));
    const candidates = placed
      .filter(({ p }) => p.x > 420 && p.x < box.width - 340 && p.y > 140 && p.y < box.height - 40)
      .map((c) => ({
        ...c,
        clearance: Math.min(
          ...placed.filter((o) => o.a !== c.a).map((o) => Math.hypot(o.p.x - c.p.x, o.p.y - c.p.y)),
        ),
      }))
      .sort((x, y) => y.clearance - x.clearance);
    const target = candidates[0];
    if (!target) throw new Error('ningún aeropuerto visible en la vista inicial');
    const name = target.a.ciudad ? `${target.a.ciudad} (${target.a.codigo})` : target.a.codigo;

    await page.mouse.click(box.x + target.p.x, box.y + target.p.y);
    const active = page.locator('[data-airport-label="active"]');
    await active.waitFor({ timeout: 10_000 });
    await expect(active.textContent()).resolves.toBe(name);
    await expect(
      page.getByRole('region', { name: 'Detalle del aeropuerto' }).textContent(),
    ).resolves.toContain(name);
    // Only the active (or hovered) airport is labelled.
    await expect(page.locator('[data-airport-label]').count()).resolves.toBe(1);

    await page.mouse.click(box.x + target.p.x, box.y + target.p.y);
    await active.waitFor({ state: 'detached', timeout: 10_000 });
    await context.close();
  });

  it('shows planes of a running simulation moving on the map', async () => {
    const started = await fetch(`${server.baseUrl}/api/simulaciones`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ modo: 'semanal', velocidad: 600 }),
    });
    expect(started.ok).toBe(true);
    const { context, page } = await newPage(browser);
    await openMap(page, '/simulacion');
    await page.waitForFunction(
      (selector) => Number(document.querySelector(selector)?.getAttribute('data-flight-count') ?? 0) > 0,
      MAP,
      { timeout: 30_000 },
    );
    const count = Number(await page.locator(MAP).getAttribute('data-flight-count'));
    // The map screen asks for at most 200 live flights.
    expect(count).toBeLessThanOrEqual(200);
    await expect(page.getByRole('status').filter({ hasText: 'En vivo' }).isVisible()).resolves.toBe(true);
    // The planes move: the same patch of map (clear of panels) differs a moment later.
    const box = await page.locator(MAP).boundingBox();
    if (!box) throw new Error('sin mapa');
    const clip = { x: box.x + 420, y: box.y + 140, width: 420, height: 360 };
    const before = await page.screenshot({ clip });
    await page.waitForTimeout(1500);
    const after = await page.screenshot({ clip });
    expect(before.equals(after)).toBe(false);
    await context.close();
  });

  it("says how many of the flights in the air it shows, and 'Mostrar todos' shows every one", async () => {
    const started = await fetch(`${server.baseUrl}/api/simulaciones`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The previous test's run is still going: a second start must say it replaces it.
      body: JSON.stringify({ modo: 'semanal', velocidad: 600, reemplazar: true }),
    });
    expect(started.ok).toBe(true);
    const { context, page, errors } = await newPage(browser);
    await openMap(page, '/simulacion');
    const count = page.locator(`${MAP} [data-airborne-count]`);
    await count.waitFor({ timeout: 30_000 });
    // The busiest 200 of every flight in the air: the demo network has far more than 200 aloft.
    const text = (await count.locator('p').textContent()) ?? '';
    const [, shown, total] = text.match(/^(\d+) de (\d+) vuelos en el aire$/) ?? [];
    expect(Number(shown)).toBe(200);
    expect(Number(total)).toBeGreaterThan(200);
    // The total is the server's: every flight of the spec's array format, unlimited, at that instant.
    const airborne = await new Promise<number>((resolve, reject) => {
      const controller = new AbortController();
      fetch(`${server.baseUrl}/api/vuelos/live?modo=semanal&limit=5000`, { signal: controller.signal })
        .then(async (response) => {
          const reader = response.body?.getReader();
          let buffer = '';
          while (reader) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += new TextDecoder().decode(value);
            const data = buffer.match(/data: (.*)\n\n/);
            if (data) {
              controller.abort();
              return resolve((JSON.parse(data[1] as string) as unknown[]).length);
            }
          }
        })
        .catch(reject);
    });
    // Ticks move the run on between the two reads: the same order of size, not the same flight.
    expect(Math.abs(airborne - Number(total))).toBeLessThan(Number(total) * 0.2);

    await page.getByRole('button', { name: 'Mostrar todos' }).click();
    await expect
      .poll(
        async () => {
          const now = (await count.locator('p').textContent()) ?? '';
          const [, a, b] = now.match(/^(\d+) de (\d+) vuelos en el aire$/) ?? [];
          return a !== undefined && a === b && Number(a) > 200;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(Number(await page.locator(MAP).getAttribute('data-flight-count'))).toBeGreaterThan(200);
    // Route lines: none until asked, then one per distinct route.
    await expect(page.locator(MAP).getAttribute('data-route-count')).resolves.toBe('0');
    await page.getByRole('button', { name: 'Todas las rutas' }).click();
    await expect
      .poll(async () => Number(await page.locator(MAP).getAttribute('data-route-count')), { timeout: 30_000 })
      .toBeGreaterThan(100);
    await page.getByRole('button', { name: 'Mostrar solo los 200 más cargados' }).click();
    await expect
      .poll(async () => page.locator(MAP).getAttribute('data-flight-count'), { timeout: 30_000 })
      .toBe('200');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("draws the same map from the compact stream as from the spec's array of flights", async () => {
    // A finished run: its clock stands still at its end, so both pages show the same instant.
    const started = await fetch(`${server.baseUrl}/api/simulaciones`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        modo: 'semanal',
        inicio: '2026-01-06T00:00:00Z',
        fin: '2026-01-06T09:00:00Z',
        velocidad: 'max',
        // The previous test's run is still going: a second start must say it replaces it.
        reemplazar: true,
      }),
    });
    expect(started.ok).toBe(true);
    const { id } = (await started.json()) as { id: string };
    for (let i = 0; i < 120; i++) {
      const run = (await (await fetch(`${server.baseUrl}/api/simulaciones/${id}`)).json()) as {
        estado: string;
      };
      if (run.estado === 'terminada') break;
      if (i === 119) throw new Error(`la corrida no terminó: ${run.estado}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const pages = await Promise.all([newPage(browser), newPage(browser)]);
    const streams: string[][] = [[], []];
    for (const [i, { page }] of pages.entries()) {
      page.on('request', (r) => {
        if (r.url().includes('/api/vuelos/live'))
          streams[i].push(new URL(r.url()).searchParams.get('formato') ?? '');
      });
    }
    await Promise.all([
      openMap(pages[0].page, '/simulacion'),
      openMap(pages[1].page, '/simulacion?formato=arreglo'),
    ]);
    const counts = await Promise.all(
      pages.map(async ({ page }) => {
        await page.waitForFunction(
          (selector) => Number(document.querySelector(selector)?.getAttribute('data-flight-count') ?? 0) > 0,
          MAP,
          { timeout: 30_000 },
        );
        return Number(await page.locator(MAP).getAttribute('data-flight-count'));
      }),
    );
    expect(streams).toEqual([['compacto'], ['arreglo']]);
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[0]).toBe(counts[1]);
    // Each map settles first (airport fills and fades arrive on their own time), then the two
    // canvases are the same picture, pixel for pixel: same planes at the same places. The controls over
    // the map are hidden: only the compact stream tells the total in the air, so their text differs.
    // (Through the element's style, not a <style> tag: the page's CSP refuses inline style sheets.)
    for (const { page } of pages) {
      await page
        .locator('[data-map-overlay]')
        .evaluate((el) => el.style.setProperty('visibility', 'hidden', 'important'));
      // So is everything else drawn over the map (the section panel, the run's cards and strip, toasts):
      // it comes from the run, not from the stream, and the spec's array format carries no run state.
      await page.locator(MAP).evaluate((map) => {
        for (let node: Element | null = map; node?.parentElement; node = node.parentElement) {
          for (const sibling of node.parentElement.children) {
            if (sibling !== node && sibling instanceof HTMLElement)
              sibling.style.setProperty('visibility', 'hidden', 'important');
          }
        }
      });
    }
    const settled = async (page: Page) => {
      let last = await page.locator(`${MAP} canvas.maplibregl-canvas`).screenshot();
      for (let i = 0; i < 15; i++) {
        await page.waitForTimeout(700);
        const next = await page.locator(`${MAP} canvas.maplibregl-canvas`).screenshot();
        if (next.equals(last)) return next;
        last = next;
      }
      throw new Error('el mapa no se quedó quieto');
    };
    const [compact, array] = await Promise.all(pages.map(({ page }) => settled(page)));
    expect(compact.equals(array)).toBe(true);
    for (const { context, errors } of pages) {
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("says 'SSE desconectado' when the server stops, and reconnects when it is back", async () => {
    const { context, page } = await newPage(browser);
    await openMap(page, '/operacion');
    await page.getByRole('status').filter({ hasText: 'En vivo' }).waitFor({ timeout: 20_000 });
    await server.stop();
    await page.getByText('SSE desconectado').waitFor({ timeout: 20_000 });
    await server.restart();
    // Back-off retries (1 s, 2 s, 4 s...) find the server again.
    await page.getByRole('status').filter({ hasText: 'En vivo' }).waitFor({ timeout: 60_000 });
    await context.close();
  });
});
