/**
 * Faults under load, against the server in a child process (PGlite in a temporary DATA_DIR, or
 * PostgreSQL with --database-url): the worst event-loop stall and the slowest answer of health, of
 * the flights, of an order search and of a form order during a 1 M-line order upload while a
 * daily-operation run is active, then while that run takes the orders,
 * the SIGTERM time, the same stall figures during the restart that restores the run (its event log
 * holds every uploaded order), the peak RSS of three concurrent 310 MB uploads (refused at the 300 MB
 * limit), the SIGTERM time in the middle of an upload, and a sign-in flood (bench/lib/signInFlood.ts;
 * alone with --sign-in-flood). Files are generated in /tmp and removed afterwards. Every wait is bounded.
 *
 *   npm run bench -- faults [--lines 1000000] [--big-mb 310] [--concurrent 3] [--database-url URL]
 *     [--without-run] [--upload-only] [--settle-max 600] [--restore-max 600] [--cpu-prof DIR]
 *     [--prepare DIR | --restore-only DIR | --sign-in-flood [--attempts 200] [--addresses 40]]
 * --upload-only stops after the 1 M-line upload's figures (a quicker A/B of the upload alone).
 * --prepare DIR runs the upload and the run's intake in DIR (kept), then stops the server; --restore-only
 * DIR then measures only the restart that restores that run, as often as wanted: on PGlite each time on
 * a fresh copy of DIR's data, on PostgreSQL on the database given as is (copy it first for identical
 * starts: `createdb -T prepared copy`). With --cpu-prof (or FAULTS_STALL_LOG=1 in the environment) the
 * server writes each stall over 60 ms to stderr with its end on the profile's clock and its uptime, each garbage
 * collection over 30 ms, and each PGlite statement over 40 ms with its SQL.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import {
  cpSync,
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from './lib/args';
import { signInFloodBench } from './lib/signInFlood';

const ROOT = path.resolve(import.meta.dirname, '..');
const REAL_AIRPORTS = path.resolve(
  ROOT,
  '../shared/data/morapack/c.1inf54.25.2.Aeropuerto.husos.v1.20250818__estudiantes.txt',
);
const REAL_FLIGHTS = path.resolve(ROOT, '../shared/data/morapack/c.1inf54.25.2.planes_vuelo.v4.20250818.txt');
const log = (s: string) => process.stderr.write(`${s}\n`);

interface Probe {
  maxStallMs: number;
  peakRssMb: number;
  rssMb: number;
}

class Server {
  child!: ChildProcess;
  /** Where the child listens (it picks a free port: benches may run side by side). */
  port = 0;
  constructor(
    private readonly dataDir: string,
    private readonly databaseUrl: string,
    /** Where the server writes a V8 CPU profile per process (--cpu-prof DIR), to find what blocks. */
    private readonly cpuProfDir?: string,
  ) {}

  async start(): Promise<number> {
    const t0 = performance.now();
    this.child = fork(path.join(ROOT, 'bench/lib/faultsServer.ts'), [], {
      cwd: ROOT,
      execArgv: [
        '--import',
        'tsx',
        ...(this.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${this.cpuProfDir}`] : []),
      ],
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: this.dataDir,
        DATABASE_URL: this.databaseUrl,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        ...(process.env.FAULTS_STALL_LOG || this.cpuProfDir ? { FAULTS_STALL_LOG: '1' } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.port = Number((await this.next('ready')).port);
    return performance.now() - t0;
  }

  private next(cmd: string): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (m.cmd !== cmd) return;
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
        resolve(m);
      };
      const onExit = (code: number | null) => reject(new Error(`el servidor terminó (${code})`));
      this.child.on('message', onMessage);
      this.child.once('exit', onExit);
    });
  }

  async reset(): Promise<void> {
    this.child.send({ cmd: 'reset' });
    await this.next('reset');
  }

  async read(): Promise<Probe> {
    this.child.send({ cmd: 'read' });
    return (await this.next('read')) as unknown as Probe;
  }

  async stop(): Promise<number> {
    const t0 = performance.now();
    this.child.kill('SIGTERM');
    await once(this.child, 'exit');
    return performance.now() - t0;
  }
}

function httpJson(
  port: number,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: data ? { 'content-type': 'application/json', 'content-length': data.length } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** Streams a file from disk as a multipart upload; resolves with the status (or the socket error). */
function uploadFile(port: number, kind: string, file: string): Promise<{ status: number; body: string }> {
  const boundary = '----morapackbench';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
      'Content-Type: text/plain\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(file).size + tail.length;
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/${kind}/upload`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', (e) => resolve({ status: 0, body: e.message }));
    req.write(head);
    const src = createReadStream(file, { highWaterMark: 1 << 20 });
    src.on('data', (c) => {
      if (!req.write(c)) {
        src.pause();
        req.once('drain', () => src.resume());
      }
    });
    src.on('end', () => req.end(tail));
  });
}

/** An ordinary request asked beside health while an upload runs: reads, a search and a form order. */
interface ApiProbe {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

/** What a person does meanwhile: the flights, an order search, an order through the form. */
const API_PROBES = (destination: string): ApiProbe[] => [
  { name: 'vuelos', method: 'GET', url: '/api/vuelos' },
  { name: 'busqueda', method: 'GET', url: `/api/pedidos?buscar=${destination}-00000&limit=50` },
  {
    name: 'formulario',
    method: 'POST',
    url: '/api/pedidos',
    body: { clienteId: '0000001', aeropuerto: destination, cantidad: 1 },
  },
];

/**
 * Asks /api/health every 100 ms while `work` runs, and each of `api` in a loop of its own (one waiting
 * answer never holds the others back); returns the slowest answer of each, and the statuses not 2xx.
 */
async function whileProbing<T>(
  port: number,
  work: Promise<T>,
  api: ApiProbe[] = [],
): Promise<{ result: T; slowestHealthMs: number; slowestApiMs: Record<string, number>; failed: string[] }> {
  let done = false;
  const slowest: Record<string, number> = {};
  const failed = new Set<string>();
  const health: ApiProbe = { name: 'health', method: 'GET', url: '/api/health' };
  const probers = [health, ...api].map(async (p) => {
    while (!done) {
      const t0 = performance.now();
      const res = await httpJson(port, p.method, p.url, p.body).catch(() => ({ status: 0 }));
      if (res.status < 200 || res.status >= 300) failed.add(`${p.name} ${res.status}`);
      slowest[p.name] = Math.max(slowest[p.name] ?? 0, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  const result = await work;
  done = true;
  await Promise.all(probers);
  const { health: slowestHealthMs = 0, ...others } = slowest;
  const slowestApiMs = Object.fromEntries(Object.entries(others).map(([k, v]) => [k, round(v)]));
  return { result, slowestHealthMs, slowestApiMs, failed: [...failed] };
}

async function writeLines(file: string, lines: number, codes: string[], maxBytes = Infinity): Promise<void> {
  const out = createWriteStream(file);
  let written = 0;
  for (let i = 0; i < lines && written < maxBytes; ) {
    let chunk = '';
    for (let k = 0; k < 10_000 && i < lines; k++, i++) {
      const code = codes[i % codes.length];
      const seq = String(Math.floor(i / codes.length) + 1).padStart(9, '0');
      const day = String(1 + (i % 28)).padStart(2, '0');
      chunk += `${seq}-202601${day}-${String(i % 24).padStart(2, '0')}-${String(i % 60).padStart(2, '0')}-${code}-${String(1 + (i % 999)).padStart(3, '0')}-${String(i % 10_000_000).padStart(7, '0')}\n`;
    }
    written += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const round = (x: number) => Math.round(x * 10) / 10;

/** Starts the server on stored runs and probes it until health stops saying 'restaurando'. */
async function measureRestore(server: Server, restoreMaxS: number): Promise<Record<string, number>> {
  const t0 = performance.now();
  await server.start();
  await server.reset();
  const restore = await whileProbing(
    server.port,
    (async () => {
      // Restored when health stops saying so (or after --restore-max seconds).
      while (performance.now() - t0 < restoreMaxS * 1000) {
        const h = await httpJson(server.port, 'GET', '/api/health').catch(() => ({ status: 0, body: '' }));
        if (h.status === 200 && !h.body.includes('restaurando')) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    })(),
  );
  const probe = await server.read();
  return {
    seconds: round((performance.now() - t0) / 1000),
    worstStallMs: round(probe.maxStallMs),
    slowestHealthMs: round(restore.slowestHealthMs),
    peakRssMb: round(probe.peakRssMb),
  };
}

export default async function faults(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const lines = args.number('lines', 1_000_000);
  const bigMb = args.number('big-mb', 310);
  const concurrent = args.number('concurrent', 3);
  const databaseUrl = args.get('database-url') ?? '';
  const withRun = !args.has('without-run');
  const uploadOnly = args.has('upload-only');
  const settleMaxS = args.number('settle-max', 600);
  const restoreMaxS = args.number('restore-max', 600);
  const prepared = args.get('prepare');
  const restoreOnly = args.get('restore-only');
  const keep = prepared ?? restoreOnly;
  if (prepared) mkdirSync(prepared, { recursive: true });
  const work = prepared ?? mkdtempSync(path.join(tmpdir(), 'morapack-faults-'));
  const figures: Record<string, unknown> = {
    lines,
    bigMb,
    concurrent,
    database: databaseUrl ? 'postgres' : 'pglite',
    withRun,
  };
  const started = performance.now();
  const print = () => {
    figures.totalSeconds = round((performance.now() - started) / 1000);
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  };
  if (restoreOnly && !databaseUrl)
    cpSync(path.join(restoreOnly, 'data'), path.join(work, 'data'), { recursive: true });
  const server = new Server(path.join(work, 'data'), databaseUrl, args.get('cpu-prof'));
  // The server never outlives the bench, even one stopped by a timeout.
  const killServer = () => {
    if (server.child && server.child.exitCode === null) server.child.kill('SIGKILL');
  };
  process.once('exit', killServer);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      killServer();
      if (work !== keep) rmSync(work, { recursive: true, force: true });
      process.exit(130);
    });
  try {
    if (args.has('sign-in-flood')) Object.assign(figures, await signInFloodBench(args));
    if (args.has('sign-in-flood')) return print();
    if (restoreOnly) {
      figures.restore = await measureRestore(server, restoreMaxS);
      log(`faults: restauración ${JSON.stringify(figures.restore)}`);
      // A clean stop: --cpu-prof writes its profile on exit.
      await server.stop();
      return print();
    }
    await server.start();
    const airports = await uploadFile(server.port, 'aereopuertos', REAL_AIRPORTS);
    if (airports.status !== 200) throw new Error(`aeropuertos: ${airports.status} ${airports.body}`);
    const flights = await uploadFile(server.port, 'vuelos', REAL_FLIGHTS);
    if (flights.status !== 200) throw new Error(`vuelos: ${flights.status} ${flights.body}`);
    const codes = (
      JSON.parse((await httpJson(server.port, 'GET', '/api/aereopuertos')).body) as { codigo: string }[]
    ).map((a) => a.codigo);

    // The daily-operation view is active during the upload: its orders reach the run's worker, which
    // plans them and sends back one event per order to store (the case that froze the server).
    const run = withRun
      ? await httpJson(server.port, 'POST', '/api/simulaciones', { modo: 'operacion' })
      : undefined;
    if (run && run.status !== 201) throw new Error(`corrida: ${run.status} ${run.body}`);
    const runId = run ? (JSON.parse(run.body) as { id: string }).id : undefined;

    const ordersFile = path.join(work, 'pedidos-1M.txt');
    await writeLines(ordersFile, lines, codes);
    log(`faults: ${lines} líneas (${round(statSync(ordersFile).size / 2 ** 20)} MB) → subiendo`);
    await server.reset();
    let t0 = performance.now();
    const up = await whileProbing(
      server.port,
      uploadFile(server.port, 'pedidos', ordersFile),
      API_PROBES(codes[0]),
    );
    const upProbe = await server.read();
    figures.upload = {
      status: up.result.status,
      seconds: round((performance.now() - t0) / 1000),
      worstStallMs: round(upProbe.maxStallMs),
      slowestHealthMs: round(up.slowestHealthMs),
      // The slowest answer of each ordinary request asked meanwhile (health is only the cheapest).
      slowestApiMs: up.slowestApiMs,
      ...(up.failed.length > 0 ? { failed: up.failed } : {}),
      peakRssMb: round(upProbe.peakRssMb),
    };
    if (up.result.status !== 200)
      log(`faults: carga respondió ${up.result.status}: ${up.result.body.slice(0, 300)}`);
    log(`faults: carga ${JSON.stringify(figures.upload)}`);
    if (uploadOnly) return print();

    if (runId) {
      // The run plans the new orders after the upload answered: until it has them all (or --settle-max).
      await server.reset();
      t0 = performance.now();
      const digest = await whileProbing(
        server.port,
        (async () => {
          let planned = 0;
          while (performance.now() - t0 < settleMaxS * 1000) {
            const r = await httpJson(server.port, 'GET', `/api/simulaciones/${runId}`).catch(() => undefined);
            if (r?.status === 200)
              planned = (JSON.parse(r.body) as { progreso: { pedidosPlanificados: number } }).progreso
                .pedidosPlanificados;
            if (planned >= lines) break;
            await new Promise((r) => setTimeout(r, 1000));
          }
          return planned;
        })(),
      );
      const digestProbe = await server.read();
      figures.runTakesOrders = {
        planned: digest.result,
        seconds: round((performance.now() - t0) / 1000),
        worstStallMs: round(digestProbe.maxStallMs),
        slowestHealthMs: round(digest.slowestHealthMs),
        peakRssMb: round(digestProbe.peakRssMb),
      };
      log(`faults: la corrida toma los pedidos ${JSON.stringify(figures.runTakesOrders)}`);
    }

    if (prepared) {
      await server.stop();
      return print();
    }
    // A restart restores the daily-operation run (its event log holds the uploaded orders).
    const stopMs = await server.stop();
    figures.restore = { sigtermMs: round(stopMs), ...(await measureRestore(server, restoreMaxS)) };
    log(`faults: restauración ${JSON.stringify(figures.restore)}`);

    const bigFile = path.join(work, 'pedidos-grande.txt');
    await writeLines(bigFile, Number.MAX_SAFE_INTEGER, codes, bigMb * 2 ** 20);
    log(`faults: ${concurrent} cargas de ${round(statSync(bigFile).size / 2 ** 20)} MB a la vez`);
    await server.reset();
    const before = (await server.read()).rssMb;
    t0 = performance.now();
    const big = await whileProbing(
      server.port,
      Promise.all(Array.from({ length: concurrent }, () => uploadFile(server.port, 'pedidos', bigFile))),
    );
    const bigProbe = await server.read();
    figures.big = {
      statuses: big.result.map((r) => r.status),
      seconds: round((performance.now() - t0) / 1000),
      rssBeforeMb: round(before),
      peakRssMb: round(bigProbe.peakRssMb),
      rssAfterMb: round(bigProbe.rssMb),
      worstStallMs: round(bigProbe.maxStallMs),
      slowestHealthMs: round(big.slowestHealthMs),
    };
    log(`faults: grandes ${JSON.stringify(figures.big)}`);

    // SIGTERM in the middle of an upload (the same file again: parsed and staged in full before it is
    // found to add nothing).
    const again = uploadFile(server.port, 'pedidos', ordersFile);
    await new Promise((r) => setTimeout(r, 3000));
    figures.sigtermDuringUploadMs = round(await server.stop());
    await again;
    log(`faults: SIGTERM durante una carga ${figures.sigtermDuringUploadMs} ms`);
    Object.assign(figures, await signInFloodBench(args));
  } finally {
    // A profiled server is asked to stop (a killed one writes no profile); the SIGKILL bounds the wait.
    if (args.get('cpu-prof') && server.child && server.child.exitCode === null)
      await Promise.race([server.stop(), new Promise((r) => setTimeout(r, 10_000))]);
    if (server.child && server.child.exitCode === null) server.child.kill('SIGKILL');
    if (work !== keep) rmSync(work, { recursive: true, force: true });
  }
  print();
}
