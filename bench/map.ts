/**
 * npm run bench -- map [--counts 500,2000,5000] [--seconds 8] [--projection mercator|globe] [--routes 0] [--planes 0]
 * Builds a page with the map's own modules (bench/map-bench.html), opens it in headless Chromium
 * (SwiftShader WebGL: software rendering, so absolute numbers are far slower than a GPU) with N
 * synthetic flights moving, and prints median/p95 frame time, per-frame JS update cost and JS heap.
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
  const counts = (args.get('counts') ?? '500,2000,5000').split(',').map(Number);
  const seconds = args.number('seconds', 8);
  const projection = args.get('projection') ?? 'mercator';
  const extra = `${args.get('routes') === '0' ? '&routes=0' : ''}${args.get('planes') === '0' ? '&planes=0' : ''}${args.has('repaint') ? '&repaint=1' : ''}`;

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
  const results: MapBenchResult[] = [];
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
  try {
    // The renderer's floor: the bare map repainted every frame, no flights (software WebGL is slow).
    progress(`baseline: no flights, repaint every frame (${projection}), ${seconds} s...`);
    baseline = await measure('&n=0&repaint=1');
    progress(`  frame median ${baseline.frameMs.median} ms, p95 ${baseline.frameMs.p95} ms`);
    for (const n of counts) {
      progress(`${n} flights (${projection}), ${seconds} s...`);
      const result = await measure(`&n=${n}${extra}`);
      progress(
        `  frame median ${result.frameMs.median} ms, p95 ${result.frameMs.p95} ms; update median ${result.updateMs.median} ms, p95 ${result.updateMs.p95} ms; heap ${result.heapUsedMB} MB`,
      );
      results.push(result);
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  process.stdout.write(
    `${JSON.stringify({ bench: 'map', renderer: 'SwiftShader (software WebGL)', baseline, results })}\n`,
  );
}
