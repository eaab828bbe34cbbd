/**
 * npm run bench -- simulation [--week ISO-date] [--mode semanal|colapso] [--seed S] [--check] [--demo] [--airports F --flights F --orders F]
 * Loads the data (real files by default, else the demo set) into an in-memory server, runs one simulation at
 * max speed through the API and prints {"mode","simulatedDays","seconds","orders","onTime","late","collapseAt","cause"}.
 */
import { readFileSync } from 'node:fs';
import type { RunDto } from '../contract';
import { buildApp } from '../server/app';
import { generateDemo } from '../server/demo/generate';
import { encodeUtf16be } from '../server/formats/text';
import { replaceAirports, replaceFlights } from '../server/services/network';
import { appendOrdersFile } from '../server/services/orders-upload';
import { parseArgs, progress } from './lib/args';
import { REAL_DATA_DIR } from './lib/data';

const REAL = {
  airports: `${REAL_DATA_DIR}/c.1inf54.25.2.Aeropuerto.husos.v1.20250818__estudiantes.txt`,
  flights: `${REAL_DATA_DIR}/c.1inf54.25.2.planes_vuelo.v4.20250818.txt`,
  orders: `${REAL_DATA_DIR}/pedidos-diciembre22-31.txt`,
};

export async function loadServer(args: ReturnType<typeof parseArgs>, now?: () => number) {
  const app = await buildApp({
    now,
    logger: process.env.BENCH_LOG ? { level: 'error' } : false,
    env: {},
    database: { kind: 'pglite' },
    config: { seedDemo: false, staticDir: '/nonexistent' },
  });
  await app.ready();
  const deps = { db: app.db, bus: app.bus };
  const useDemo = args.has('demo');
  const file = (path: string) => ({
    filename: path.split('/').pop()!,
    bytes: new Uint8Array(readFileSync(path)),
  });
  let source: string;
  if (useDemo) {
    const demo = generateDemo();
    const utf8 = new TextEncoder();
    await replaceAirports(
      deps,
      { filename: 'demo-aeropuertos.txt', bytes: encodeUtf16be(demo.airportsText) },
      app.config.sedes,
    );
    await replaceFlights(deps, { filename: 'demo-vuelos.txt', bytes: utf8.encode(demo.flightsText) });
    await appendOrdersFile(deps, { filename: 'demo-pedidos.txt', bytes: utf8.encode(demo.ordersText) });
    source = 'demo';
  } else {
    await replaceAirports(deps, file(args.get('airports') ?? REAL.airports), app.config.sedes);
    await replaceFlights(deps, file(args.get('flights') ?? REAL.flights));
    await appendOrdersFile(deps, file(args.get('orders') ?? REAL.orders));
    source = args.get('orders') ?? REAL.orders;
  }
  return { app, source };
}

export default async function simulation(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const mode = args.get('mode') ?? 'semanal';
  if (mode !== 'semanal' && mode !== 'colapso') throw new Error('--mode must be semanal or colapso');
  const t0 = Date.now();
  const { app, source } = await loadServer(args);
  progress(`data loaded from ${source} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  try {
    const body: Record<string, unknown> = { modo: mode, velocidad: 'max' };
    if (args.get('week')) body.inicio = args.get('week');
    if (args.get('seed')) body.semilla = Number(args.get('seed'));
    const runOnce = async () => {
      const start = process.hrtime.bigint();
      const res = await app.inject({ method: 'POST', url: '/api/simulaciones', payload: body });
      if (res.statusCode !== 201) throw new Error(`start failed: ${res.statusCode} ${res.body}`);
      const run = res.json() as RunDto;
      const timer = setInterval(() => {
        void app.simulation.runs
          .get(run.id)
          .then((r) => progress(`${r.estado} at ${r.ahora}: ${r.kpis.pedidosRecibidos} orders`));
      }, 2000);
      const done = await app.simulation.runs.whenDone(run.id);
      clearInterval(timer);
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const tracked = app.simulation.runs.byId(run.id)!;
      const profile = await tracked.host!.request({ kind: 'profile' });
      const s = (ms: number) => Math.round(ms) / 1000;
      // Where the wall time went: the start (inputs read on the main thread, the worker building the run),
      // then the worker's slices (planner, synthetic demand, bookkeeping) and its messages; database
      // writes happen on the main thread meanwhile.
      const split = {
        inputs: s(tracked.timings.inputsMs),
        workerStart: s(tracked.timings.bootMs),
        planning: s(profile.planningMs),
        demand: s(profile.demandMs),
        bookkeeping: s(profile.bookkeepingMs),
        messages: s(profile.messagesMs),
        persistence: s(tracked.timings.persistMs),
      };
      return { done, seconds, split };
    };
    const cpu0 = process.cpuUsage();
    const { done, seconds, split } = await runOnce();
    const cpu = process.cpuUsage(cpu0);
    // --check: run again in the same process and compare (same inputs and seed must give the same run).
    let deterministic: boolean | undefined;
    if (args.has('check')) {
      const again = (await runOnce()).done;
      deterministic =
        JSON.stringify([again.kpis, again.reporte, again.ahora]) ===
        JSON.stringify([done.kpis, done.reporte, done.ahora]);
    }
    const days = (Date.parse(done.ahora) - Date.parse(done.inicio)) / 86_400_000;
    if (done.reporte)
      progress(`collapse: ${done.reporte.pedido} at ${done.reporte.fecha}: ${done.reporte.causa}`);
    const result = {
      mode,
      simulatedDays: Math.round(days * 100) / 100,
      seconds: Math.round(seconds * 1000) / 1000,
      cpuSeconds: Math.round((cpu.user + cpu.system) / 1000) / 1000,
      split,
      orders: done.kpis.pedidosRecibidos,
      onTime: done.kpis.entregadosATiempo + done.kpis.enTransitoATiempo,
      late: done.kpis.entregadosTarde + done.kpis.enTransitoTarde + done.kpis.sinRuta,
      collapseAt: done.reporte?.fecha ?? null,
      cause: done.reporte?.causa ?? null,
      estado: done.estado,
      ...(deterministic === undefined ? {} : { deterministic }),
      inicio: done.inicio,
      source,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await app.close();
  }
}
