/**
 * npm run bench -- picklist [--orders 1000000] [--rounds 3]
 * The real server and database with the real airports and flight plan (2,866 daily flights) and N
 * orders, the built app in headless Chromium on /operacion with the live map animating. Types into
 * the 'Vuelo' and 'Pedido' pick lists one key at a time and measures, per keystroke, the time until
 * the list shows only matching options (the flights filter in the page; the orders are searched on
 * the server). Prints p50/p95/max per list and one JSON line.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, launchBrowser, MORAPACK_DIR, newPage, startServer } from '../tests/e2e/harness';
import { parseArgs, progress } from './lib/args';

const AIRPORTS_FILE = 'c.1inf54.25.2.Aeropuerto.husos.v1.20250818__estudiantes.txt';
const FLIGHTS_FILE = 'c.1inf54.25.2.planes_vuelo.v4.20250818.txt';

async function upload(
  baseUrl: string,
  kind: string,
  name: string,
  body: Uint8Array<ArrayBuffer> | string,
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([body]), name);
  const response = await fetch(`${baseUrl}/api/${kind}/upload`, { method: 'POST', body: form });
  const text = await response.text();
  if (!response.ok) throw new Error(`${kind}: ${response.status} ${text.slice(0, 300)}`);
  return text;
}

/** N orders over the real airports, two weeks of December, in the file format. */
function ordersFile(n: number, destinations: string[]): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const dest = destinations[i % destinations.length];
    const seq = String(Math.floor(i / destinations.length) + 1).padStart(9, '0');
    const day = String(10 + (i % 14)).padStart(2, '0');
    const hour = String(i % 24).padStart(2, '0');
    const minute = String((i * 7) % 60).padStart(2, '0');
    const qty = String(1 + (i % 9)).padStart(3, '0');
    lines.push(
      `${seq}-202512${day}-${hour}-${minute}-${dest}-${qty}-${String(i % 9_999_999).padStart(7, '0')}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Types `text` key by key into the open pick list; returns ms per keystroke until the list matches. */
async function typeAndTime(page: Page, text: string): Promise<number[]> {
  const box = page.getByRole('searchbox');
  const times: number[] = [];
  for (let i = 1; i <= text.length; i++) {
    const needle = fold(text.slice(0, i));
    const t0 = performance.now();
    await box.press(text[i - 1]);
    // A string, not a function: the bench runs through tsx, whose helpers do not exist in the page.
    await page.waitForFunction(
      `(() => {
        const n = ${JSON.stringify(needle)};
        const norm = (s) => s.normalize('NFD').replace(/\\p{Diacritic}/gu, '').toLowerCase();
        const options = [...document.querySelectorAll('[role="listbox"] [role="option"]')];
        return options.length > 0 && options.every((o) => norm(o.textContent || '').includes(n));
      })()`,
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    times.push(performance.now() - t0);
    if (process.env.PICKLIST_TRACE) {
      const trace = await page.evaluate(
        `(() => { const e = performance.getEntriesByType('resource').filter((r) => r.name.includes('buscar=${encodeURIComponent(text.slice(0, i))}&')).pop(); return e ? [Math.round(e.startTime), Math.round(e.responseEnd - e.startTime), Math.round(performance.now())] : null; })()`,
      );
      progress(
        `  '${text.slice(0, i)}': ${Math.round(times[times.length - 1])} ms; request [start, duration, now] ${JSON.stringify(trace)}`,
      );
    }
  }
  return times;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const summary = (xs: number[]) => ({
  keystrokes: xs.length,
  p50Ms: Math.round(quantile(xs, 0.5)),
  p95Ms: Math.round(quantile(xs, 0.95)),
  maxMs: Math.round(Math.max(...xs)),
});

export default async function picklistBench(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const orders = args.number('orders', 1_000_000);
  const rounds = args.number('rounds', 3);
  if (![AIRPORTS_FILE, FLIGHTS_FILE].every((f) => existsSync(path.join(MORAPACK_DIR, f)))) {
    throw new Error(`faltan los archivos reales en ${MORAPACK_DIR}`);
  }
  progress('starting the server...');
  const server = await startServer({ seedDemo: false });
  const browser = await launchBrowser();
  try {
    await upload(
      server.baseUrl,
      'aereopuertos',
      AIRPORTS_FILE,
      new Uint8Array(readFileSync(path.join(MORAPACK_DIR, AIRPORTS_FILE))),
    );
    await upload(
      server.baseUrl,
      'vuelos',
      FLIGHTS_FILE,
      new Uint8Array(readFileSync(path.join(MORAPACK_DIR, FLIGHTS_FILE))),
    );
    const airports = (await (await fetch(`${server.baseUrl}/api/aereopuertos`)).json()) as {
      codigo: string;
      sede?: boolean;
    }[];
    const destinations = airports.filter((a) => !a.sede).map((a) => a.codigo);
    progress(`loading ${orders.toLocaleString('es-ES')} orders...`);
    const t0 = performance.now();
    await upload(server.baseUrl, 'pedidos', 'pedidos-bench.txt', ordersFile(orders, destinations));
    progress(`orders loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // The server's own answer time for the same texts, without a browser.
    const api: number[] = [];
    for (const text of ['S', 'SK', '0', '00', '000', '0000', '00000', '000000', '0000003', '00000033']) {
      const t = performance.now();
      await (await fetch(`${server.baseUrl}/api/pedidos?buscar=${text}&limit=50`)).json();
      api.push(performance.now() - t);
    }
    progress(`API: ${api.map(Math.round).join(' ')} ms`);
    const { page, context } = await newPage(browser, DESKTOP, { bypassCSP: true });
    await page.goto(`${server.baseUrl}/operacion`);
    await page.getByTestId('flight-map').waitFor();
    await page.waitForFunction(
      `Number(document.querySelector('[data-testid="flight-map"]')?.dataset.flightCount ?? 0) > 0`,
      undefined,
      { timeout: 60_000 },
    );
    if (process.env.PICKLIST_TRACE) {
      const again: number[] = [];
      for (const text of ['S', 'SK', '0', '000', '0000003', 'SKBO-', 'SKBO-000']) {
        const t = performance.now();
        await (await fetch(`${server.baseUrl}/api/pedidos?buscar=${text}&limit=50`)).json();
        again.push(performance.now() - t);
      }
      progress(`API with the page open: ${again.map(Math.round).join(' ')} ms`);
    }
    const flightTimes: number[] = [];
    const orderTimes: number[] = [];
    const flightSearch = ['SKBO-SEQM', 'SPIM-SKBO', 'SKBO-SEQM-14'];
    // Texts that match at every keystroke whatever N (sequences start at 1 per destination).
    const orderSearch = [`${destinations[0]}-000001`, `${destinations[5]}-0000002`, '00000033'];
    for (let r = 0; r < rounds; r++) {
      progress(`round ${r + 1}/${rounds}`);
      // An operator opens the list, then types: the bench does the same, after the list is shown.
      await page.getByRole('button', { name: /^Vuelo/ }).click();
      await page.getByRole('searchbox').waitFor();
      await page.waitForTimeout(400);
      const ft = await typeAndTime(page, flightSearch[r % flightSearch.length]);
      progress(`Vuelo: ${ft.map(Math.round).join(' ')} ms`);
      flightTimes.push(...ft);
      // The first Escape clears the search box, the second closes the popover.
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^Pedido/ }).click();
      await page.getByRole('searchbox').waitFor();
      await page.waitForTimeout(400);
      if (process.env.PICKLIST_TRACE) {
        const busy = await page.evaluate(`new Promise((done) => {
          let total = 0; let frames = 0; const t0 = performance.now();
          const obs = new PerformanceObserver((l) => { for (const e of l.getEntries()) total += e.duration; });
          obs.observe({ type: 'longtask' });
          const tick = () => { frames++; if (performance.now() - t0 < 2000) requestAnimationFrame(tick); else { obs.disconnect(); done([Math.round(total), frames]); } };
          requestAnimationFrame(tick);
        })`);
        progress(`main thread with the list open, 2 s: long tasks ${JSON.stringify(busy)} [ms, frames]`);
      }
      const ot = await typeAndTime(page, orderSearch[r % orderSearch.length]);
      progress(`Pedido: ${ot.map(Math.round).join(' ')} ms`);
      orderTimes.push(...ot);
      // The first Escape clears the search box, the second closes the popover.
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    const flightsPlan = (await (await fetch(`${server.baseUrl}/api/vuelos`)).json()) as unknown[];
    const result = {
      flights: { ...summary(flightTimes), options: Array.isArray(flightsPlan) ? flightsPlan.length : null },
      orders: { ...summary(orderTimes), stored: orders },
    };
    process.stderr.write(
      `Vuelo (${result.flights.options} vuelos): p50 ${result.flights.p50Ms} ms, p95 ${result.flights.p95Ms} ms, max ${result.flights.maxMs} ms\n` +
        `Pedido (${orders.toLocaleString('es-ES')} pedidos en el servidor): p50 ${result.orders.p50Ms} ms, p95 ${result.orders.p95Ms} ms, max ${result.orders.maxMs} ms\n`,
    );
    console.log(JSON.stringify(result));
    await context.close();
  } finally {
    await browser.close();
    await server.dispose();
  }
}
