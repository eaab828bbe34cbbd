/**
 * npm run bench -- map [--counts 200,1300] [--seconds 8] [--rounds 2] [--projection mercator|globe]
 * Builds a page with the map's own modules (bench/map-bench.html), opens it in headless Chromium
 * (SwiftShader WebGL: software rendering, so absolute numbers are far slower than a GPU) and prints
 * median/p95 frame time, per-frame JS update cost and JS heap for: the bare map (no flights, repainted
 * every frame), then for each count of synthetic flights moving, the planes only (the map's default:
 * no route lines but the hovered or selected one) and the planes with every route drawn ('Todas las
 * rutas'), alternated A B A B so the machine's noise falls on both alike.
 */
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/harness';
import { parseArgs, progress } from './lib/args';
import type { MapBenchResult } from './map-bench-page';

const ROOT = resolve(import.meta.dirname, '..');
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
};

export default async function mapBench(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const counts = (args.get('counts') ?? '200,1300').split(',').map(Number);
  const seconds = args.number('seconds', 8);
  const rounds = args.number('rounds', 2);
  const projection = args.get('projection') ?? 'mercator';

  const outDir = mkdtempSync(join(tmpdir(), 'morapack-map-bench-'));
  progress('building the bench page...');
  await build({
    configFile: false,
    root: join(ROOT, 'bench'),
    base: './',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, rollupOptions: { input: join(ROOT, 'bench', 'map-bench.html') } },
  });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = normalize(join(outDir, decodeURIComponent(url.pathname)));
    if (!file.startsWith(outDir) || !existsSync(file) || statSync(file).isDirectory())
      return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
  });
  const results: { flights: number; planesOnly: MapBenchResult[]; allRoutes: MapBenchResult[] }[] = [];
  let baseline: MapBenchResult | null = null;
  const measure = async (query: string) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(
        `http://127.0.0.1:${port}/map-bench.html?seconds=${seconds}&projection=${projection}${query}`,
      );
      await page.waitForFunction(() => window.__benchResult || window.__benchError, undefined, {
        timeout: 120_000 + seconds * 1000,
        polling: 500,
      });
      const error = await page.evaluate(() => window.__benchError);
      if (error) throw new Error(error);
      return (await page.evaluate(() => window.__benchResult)) as MapBenchResult;
    } finally {
      await page.close();
    }
  };
  const line = (r: MapBenchResult) =>
    `frame median ${r.frameMs.median} ms, p95 ${r.frameMs.p95} ms; update median ${r.updateMs.median} ms; heap ${r.heapUsedMB} MB`;
  try {
    // The renderer's floor: the bare map repainted every frame, no flights (software WebGL is slow).
    progress(`bare map: no flights, repaint every frame (${projection}), ${seconds} s...`);
    baseline = await measure('&n=0&repaint=1');
    progress(`  ${line(baseline)}`);
    for (const n of counts) {
      const entry = { flights: n, planesOnly: [] as MapBenchResult[], allRoutes: [] as MapBenchResult[] };
      for (let round = 0; round < rounds; round++) {
        progress(`${n} flights, planes only (${projection}), ${seconds} s...`);
        entry.planesOnly.push(await measure(`&n=${n}&routes=0`));
        progress(`  ${line(entry.planesOnly[round] as MapBenchResult)}`);
        progress(`${n} flights, planes and every route (${projection}), ${seconds} s...`);
        entry.allRoutes.push(await measure(`&n=${n}`));
        progress(`  ${line(entry.allRoutes[round] as MapBenchResult)}`);
      }
      results.push(entry);
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = sorted.length / 2;
    return sorted.length % 2
      ? (sorted[Math.floor(mid)] as number)
      : Math.round((((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2) * 100) / 100;
  };
  const summary = results.map((r) => {
    const planes = median(r.planesOnly.map((x) => x.frameMs.median));
    const routes = median(r.allRoutes.map((x) => x.frameMs.median));
    return {
      flights: r.flights,
      frameMedianMs: { bareMap: baseline?.frameMs.median ?? null, planesOnly: planes, allRoutes: routes },
      allRoutesOverPlanesOnly: Math.round((routes / planes) * 100) / 100,
    };
  });
  for (const s of summary)
    progress(
      `${s.flights} flights: frame median ${s.frameMedianMs.planesOnly} ms planes only, ${s.frameMedianMs.allRoutes} ms with every route (${s.allRoutesOverPlanesOnly}x), bare map ${s.frameMedianMs.bareMap} ms`,
    );
  process.stdout.write(
    `${JSON.stringify({ bench: 'map', renderer: 'SwiftShader (software WebGL)', baseline, summary, results })}\n`,
  );
}
