/**
 * npm run bench -- exports [--copies K] [--port P] [--demo]
 * Plays the real week at max speed in an in-process server, then downloads its orders CSV over HTTP
 * (streamed, read as it arrives) and prints the time and the process's peak RSS during the download.
 * --copies K also stores K renamed copies of the week's orders as a past run (no worker: every page
 * comes from the database) and times its export too: how the stream scales towards a million orders.
 * Prints {"orders","seconds","mbPerSecond","rssBeforeMb","peakRssMb", "scaled": {...}}.
 */
import { randomUUID } from 'node:crypto';
import type { RunDto } from '../contract';
import { parseArgs, progress } from './lib/args';
import { loadServer } from './simulation';

const MB = 1024 * 1024;

async function timeDownload(url: string) {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const t0 = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) lines++;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  return {
    orders: lines - 1,
    megabytes: Math.round((bytes / MB) * 10) / 10,
    seconds: Math.round(seconds * 100) / 100,
    mbPerSecond: Math.round((bytes / MB / seconds) * 10) / 10,
    rssBeforeMb: Math.round(rssBefore / MB),
    peakRssMb: Math.round(peak / MB),
  };
}

export default async function exportsBench(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const port = args.number('port', 4410);
  const copies = args.number('copies', 0);
  const { app, source } = await loadServer(args);
  progress(`data loaded from ${source}`);
  try {
    await app.listen({ port, host: '127.0.0.1' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/simulaciones',
      payload: { modo: 'semanal', velocidad: 'max' },
    });
    if (res.statusCode !== 201) throw new Error(`start failed: ${res.statusCode} ${res.body}`);
    const t0 = performance.now();
    const run = await app.simulation.runs.whenDone((res.json() as RunDto).id);
    progress(
      `week played in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${run.kpis.pedidosRecibidos} orders`,
    );
    const base = `http://127.0.0.1:${port}/api/simulaciones`;
    const week = await timeDownload(`${base}/${run.id}/descargas/pedidos`);
    progress(`week export: ${JSON.stringify(week)}`);
    let scaled: Awaited<ReturnType<typeof timeDownload>> | null = null;
    if (copies > 0) {
      const past = randomUUID();
      const store = app.simulation.runs.store;
      const row = (await store.get(run.id))!;
      await app.db.raw.query(
        `INSERT INTO runs (id, modo, estado, actual, inicio_min, fin_min, velocidad, ahora_ms, semilla)
         VALUES ($1, 'semanal', 'terminada', false, $2, $3, NULL, $4, 1)`,
        [past, row.inicioMin, row.finMin, row.ahoraMs],
      );
      const t1 = performance.now();
      await app.db.raw.query(
        `INSERT INTO run_orders (run_id, pedido, destino, registrado_min, cantidad, plazo_min, estado, listo_min, ruta, plan)
         SELECT $1, pedido || '-' || g, destino, registrado_min, cantidad, plazo_min, estado, listo_min, ruta, plan
         FROM run_orders, generate_series(1, $3::int) g WHERE run_id = $2`,
        [past, run.id, copies],
      );
      progress(`stored ${copies} copies in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
      scaled = await timeDownload(`${base}/${past}/descargas/pedidos`);
    }
    process.stdout.write(`${JSON.stringify({ ...week, scaled })}\n`);
  } finally {
    await app.close();
  }
}
