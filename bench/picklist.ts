/**
 * npm run bench -- picklist [--orders 1000000] [--rounds 3] [--data-dir <dir>] [--compare <dist>]
 * The real server and database with the real airports and flight plan (2,866 daily flights) and N
 * orders, the built app in headless Chromium on /operacion with the live map animating. Types into
 * the 'Vuelo' and 'Pedido' pick lists one key at a time and measures, per keystroke, the time until
 * the list shows only matching options (the flights filter in the page; the orders are searched on
 * the server), then until it holds the whole answer (no 'Cargando...'), and the page's main-thread CPU
 * time per keystroke. Prints p50/p95/max per list and one JSON line. `--data-dir <dir>` keeps the
 * loaded data for the next run.
 * `--compare <dist>` also measures another build of the app (e.g. main's `dist`, copied aside) against
 * the same server, data and browser: each round runs both builds, in alternating order, so a busy
 * machine weighs on both alike; the figures and their ratios are printed per build.
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
  // Through node:http, which waits as long as the server takes: a million orders on a busy machine
  // outlast fetch's 300 s wait for the answer's headers.
  const encoded = new Response(form);
  const payload = Buffer.from(await encoded.arrayBuffer());
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      `${baseUrl}/api/${kind}/upload`,
      {
        method: 'POST',
        headers: {
          'content-type': encoded.headers.get('content-type') ?? '',
          'content-length': payload.length,
        },
      },
      (res) => {
        let out = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          out += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: out }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
  if (status < 200 || status >= 300) throw new Error(`${kind}: ${status} ${text.slice(0, 300)}`);
  return text;
}

/** The real airports and flight plan, and `orders` generated orders. */
async function loadData(baseUrl: string, orders: number): Promise<void> {
  await upload(
    baseUrl,
    'aereopuertos',
    AIRPORTS_FILE,
    new Uint8Array(readFileSync(path.join(MORAPACK_DIR, AIRPORTS_FILE))),
  );
  await upload(
    baseUrl,
    'vuelos',
    FLIGHTS_FILE,
    new Uint8Array(readFileSync(path.join(MORAPACK_DIR, FLIGHTS_FILE))),
  );
  const airports = (await (await fetch(`${baseUrl}/api/aereopuertos`)).json()) as {
    codigo: string;
    sede?: boolean;
  }[];
  const destinations = airports.filter((a) => !a.sede).map((a) => a.codigo);
  progress(`loading ${orders.toLocaleString('es-ES')} orders...`);
  const t0 = performance.now();
  await upload(baseUrl, 'pedidos', 'pedidos-bench.txt', ordersFile(orders, destinations));
  progress(`orders loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
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
async function typeAndTime(page: Page, text: string, threadMs: () => Promise<number>): Promise<Samples> {
  const box = page.getByRole('searchbox');
  const times: number[] = [];
  const complete: number[] = [];
  const cpu: number[] = [];
  for (let i = 1; i <= text.length; i++) {
    const needle = fold(text.slice(0, i));
    const c0 = await threadMs();
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
    // The list may show its first matches before the server's answer completes it ('Cargando...'):
    // the next key waits for the answer, as it did when the list showed nothing until then.
    await page.waitForFunction(
      `![...document.querySelectorAll('[role="dialog"] [role="status"]')].some((s) => s.textContent?.includes('Cargando'))`,
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    complete.push(performance.now() - t0);
    cpu.push((await threadMs()) - c0);
    if (process.env.PICKLIST_TRACE) {
      const trace = await page.evaluate(
        `(() => { const e = performance.getEntriesByType('resource').filter((r) => r.name.includes('buscar=${encodeURIComponent(text.slice(0, i))}&')).pop(); return e ? [Math.round(e.startTime), Math.round(e.responseEnd - e.startTime), Math.round(performance.now())] : null; })()`,
      );
      progress(
        `  '${text.slice(0, i)}': ${Math.round(times[times.length - 1])} ms; request [start, duration, now] ${JSON.stringify(trace)}`,
      );
    }
  }
  return { times, complete, cpu };
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
/** Per keystroke: the time until the list matched, and the page's main-thread CPU time meanwhile. */
interface Samples {
  times: number[];
  /** Until the list holds the whole answer (no 'Cargando...'). */
  complete: number[];
  cpu: number[];
}
const summary = ({ times, complete, cpu }: Samples) => ({
  keystrokes: times.length,
  p50Ms: Math.round(quantile(times, 0.5)),
  p95Ms: Math.round(quantile(times, 0.95)),
  maxMs: Math.round(Math.max(...times)),
  completeP50Ms: Math.round(quantile(complete, 0.5)),
  completeP95Ms: Math.round(quantile(complete, 0.95)),
  // Less swayed by other processes than the wall time: what the page itself spent per keystroke.
  cpuP50Ms: Math.round(quantile(cpu, 0.5)),
  cpuMeanMs: Math.round(cpu.reduce((a, b) => a + b, 0) / Math.max(1, cpu.length)),
});
const samples = (): Samples => ({ times: [], complete: [], cpu: [] });

interface Build {
  name: string;
  /** Another build's dist folder, served to the page in place of the server's own; null: the server's. */
  dist: string | null;
}

/** Serves a page's documents and assets from `dist` (the API still goes to the server). */
async function serveBuild(page: Page, dist: string): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/api/'),
    async (route) => {
      const { pathname } = new URL(route.request().url());
      const file = path.join(dist, decodeURIComponent(pathname));
      const isFile = file.startsWith(dist) && existsSync(file) && statSync(file).isFile();
      // The app's routes (/operacion...) are its index.html, as the server answers them.
      await route.fulfill({ path: isFile ? file : path.join(dist, 'index.html') });
    },
  );
}

type OpenPage = { page: Page; context: BrowserContext; threadMs: () => Promise<number> };

/** A page of `build` on /operacion, once the live map shows its flights. */
async function openApp(browser: Browser, baseUrl: string, build: Build): Promise<OpenPage> {
  const opened = await newPage(browser, DESKTOP, { bypassCSP: true });
  const { page } = opened;
  if (build.dist) await serveBuild(page, build.dist);
  await page.goto(`${baseUrl}/operacion`);
  await page.getByTestId('flight-map').waitFor();
  await page.waitForFunction(
    `Number(document.querySelector('[data-testid="flight-map"]')?.dataset.flightCount ?? 0) > 0`,
    undefined,
    { timeout: 60_000 },
  );
  const cdp = await opened.context.newCDPSession(page);
  await cdp.send('Performance.enable');
  // CPU time of the page's main thread so far.
  const threadMs = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000;
  };
  if (process.env.PICKLIST_TRACE) {
    const again: number[] = [];
    for (const text of ['S', 'SK', '0', '000', '0000003', 'SKBO-', 'SKBO-000']) {
      const t = performance.now();
      await (await fetch(`${baseUrl}/api/pedidos?buscar=${text}&limit=50`)).json();
      again.push(performance.now() - t);
    }
    progress(`API with the page open: ${again.map(Math.round).join(' ')} ms`);
  }
  return { page, context: opened.context, threadMs };
}

/** One round: types into 'Vuelo', then into 'Pedido'. */
async function measureRound(
  { page, threadMs }: OpenPage,
  flightText: string,
  orderText: string,
  into: { flights: Samples; orders: Samples },
): Promise<void> {
  // An operator opens the list, then types: the bench does the same, after the list is shown.
  await page.getByRole('button', { name: /^Vuelo/ }).click();
  await page.getByRole('searchbox').waitFor();
  await page.waitForTimeout(400);
  const ft = await typeAndTime(page, flightText, threadMs);
  progress(
    `Vuelo: ${ft.times.map(Math.round).join(' ')} ms; complete ${ft.complete.map(Math.round).join(' ')} ms; CPU ${ft.cpu.map(Math.round).join(' ')} ms`,
  );
  into.flights.times.push(...ft.times);
  into.flights.complete.push(...ft.complete);
  into.flights.cpu.push(...ft.cpu);
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
  const ot = await typeAndTime(page, orderText, threadMs);
  progress(
    `Pedido: ${ot.times.map(Math.round).join(' ')} ms; complete ${ot.complete.map(Math.round).join(' ')} ms; CPU ${ot.cpu.map(Math.round).join(' ')} ms`,
  );
  into.orders.times.push(...ot.times);
  into.orders.complete.push(...ot.complete);
  into.orders.cpu.push(...ot.cpu);
  // The first Escape clears the search box, the second closes the popover.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

export default async function picklistBench(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const orders = args.number('orders', 1_000_000);
  const rounds = args.number('rounds', 3);
  if (![AIRPORTS_FILE, FLIGHTS_FILE].every((f) => existsSync(path.join(MORAPACK_DIR, f)))) {
    throw new Error(`faltan los archivos reales en ${MORAPACK_DIR}`);
  }
  // `--data-dir <dir>` keeps the server's data between runs: loading a million orders takes minutes.
  const dataDir = args.get('data-dir');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  progress('starting the server...');
  const server = await startServer({ seedDemo: false, dataDir: dataDir && path.resolve(dataDir) });
  const browser = await launchBrowser();
  try {
    const stored = (await (await fetch(`${server.baseUrl}/api/pedidos/rango`)).json()) as {
      pedidos: number;
    };
    if (stored.pedidos === orders) progress(`the data folder holds ${orders} orders already`);
    else await loadData(server.baseUrl, orders);
    const airports = (await (await fetch(`${server.baseUrl}/api/aereopuertos`)).json()) as {
      codigo: string;
      sede?: boolean;
    }[];
    const destinations = airports.filter((a) => !a.sede).map((a) => a.codigo);

    // The server's own answer time for the same texts, without a browser.
    const api: number[] = [];
    for (const text of ['S', 'SK', '0', '00', '000', '0000', '00000', '000000', '0000003', '00000033']) {
      const t = performance.now();
      await (await fetch(`${server.baseUrl}/api/pedidos?buscar=${text}&limit=50`)).json();
      api.push(performance.now() - t);
    }
    progress(`API: ${api.map(Math.round).join(' ')} ms`);
    const flightSearch = ['SKBO-SEQM', 'SPIM-SKBO', 'SKBO-SEQM-14'];
    // Texts that match at every keystroke whatever N (sequences start at 1 per destination).
    const orderSearch = [`${destinations[0]}-000001`, `${destinations[5]}-0000002`, '00000033'];
    const builds: Build[] = [{ name: 'app', dist: null }];
    const other = args.get('compare');
    if (other) {
      if (!existsSync(path.join(other, 'index.html')))
        throw new Error(`--compare: no index.html in ${other}`);
      builds.push({ name: path.resolve(other), dist: path.resolve(other) });
    }
    const times = new Map(builds.map((b) => [b, { flights: samples(), orders: samples() }]));
    // One build keeps its page through the rounds; two take a fresh page each round (one map
    // animating at a time), so the first keystrokes of every round of both run on a cold page.
    let kept: OpenPage | null = null;
    for (let r = 0; r < rounds; r++) {
      for (const build of r % 2 === 0 ? builds : [...builds].reverse()) {
        progress(`round ${r + 1}/${rounds}${other ? ` (${build.name})` : ''}`);
        const opened: OpenPage = kept ?? (await openApp(browser, server.baseUrl, build));
        const t = times.get(build) ?? { flights: samples(), orders: samples() };
        try {
          await measureRound(
            opened,
            flightSearch[r % flightSearch.length],
            orderSearch[r % orderSearch.length],
            t,
          );
        } catch (error) {
          // Comparing, a page that stalls (a busy machine) costs its round, not the whole run.
          if (!other) throw error;
          progress(`round ${r + 1} (${build.name}) left off: ${String(error).split('\n')[0]}`);
        }
        if (other) await opened.context.close();
        else kept = opened;
      }
    }
    await kept?.context.close();
    const flightsPlan = (await (await fetch(`${server.baseUrl}/api/vuelos`)).json()) as unknown[];
    const results = builds.map((build) => {
      const t = times.get(build) ?? { flights: samples(), orders: samples() };
      return {
        build: build.name,
        flights: { ...summary(t.flights), options: Array.isArray(flightsPlan) ? flightsPlan.length : null },
        orders: { ...summary(t.orders), stored: orders },
      };
    });
    for (const result of results) {
      process.stderr.write(
        `${other ? `[${result.build}]\n` : ''}` +
          `Vuelo (${result.flights.options} vuelos): p50 ${result.flights.p50Ms} ms, p95 ${result.flights.p95Ms} ms, max ${result.flights.maxMs} ms; complete p50 ${result.flights.completeP50Ms} ms, p95 ${result.flights.completeP95Ms} ms; CPU p50 ${result.flights.cpuP50Ms} ms, mean ${result.flights.cpuMeanMs} ms\n` +
          `Pedido (${orders.toLocaleString('es-ES')} pedidos en el servidor): p50 ${result.orders.p50Ms} ms, p95 ${result.orders.p95Ms} ms, max ${result.orders.maxMs} ms; complete p50 ${result.orders.completeP50Ms} ms, p95 ${result.orders.completeP95Ms} ms; CPU p50 ${result.orders.cpuP50Ms} ms, mean ${result.orders.cpuMeanMs} ms\n`,
      );
    }
    if (results.length === 2) {
      const [a, b] = results;
      const ratio = (x: number, y: number) => (y > 0 ? (x / y).toFixed(2) : '-');
      process.stderr.write(
        `app / compare: Vuelo p50 ${ratio(a.flights.p50Ms, b.flights.p50Ms)}, p95 ${ratio(a.flights.p95Ms, b.flights.p95Ms)}, CPU mean ${ratio(a.flights.cpuMeanMs, b.flights.cpuMeanMs)}; ` +
          `Pedido p50 ${ratio(a.orders.p50Ms, b.orders.p50Ms)}, p95 ${ratio(a.orders.p95Ms, b.orders.p95Ms)}, complete p50 ${ratio(a.orders.completeP50Ms, b.orders.completeP50Ms)}, p95 ${ratio(a.orders.completeP95Ms, b.orders.completeP95Ms)}, CPU mean ${ratio(a.orders.cpuMeanMs, b.orders.cpuMeanMs)}\n`,
      );
    }
    const [result] = results;
    console.log(JSON.stringify(other ? { ...result, compare: results[1] } : result));
  } finally {
    await browser.close();
    await server.dispose();
  }
}
