/**
 * npm run bench -- live --bytes [--speeds 1,168,600] [--ticks 120] [--demo]
 * Bytes only, in one process with a pinned clock: a weekly run on the real data at each speed, one tick a
 * second; per tick the size of the array frame and of the compact frame at 200 and 1,500 flights, what a
 * compact client receives on connecting, and the bytes a client receives per simulated hour.
 *
 * npm run bench -- live [--clients 500] [--seconds 10] [--limit 200] [--at ISO] [--demo]
 * Starts the server in a child process (real data by default, an operacion run mid-week so flights
 * carry loads), opens N SSE clients on loopback to /api/vuelos/live, measures for `seconds` and stops:
 * ticks/s per client, missed ticks, bytes per message, spread of each tick's arrival across clients,
 * server CPU (from /proc). Prints one JSON line.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, progress } from './lib/args';

const here = dirname(fileURLToPath(import.meta.url));

/** Child: load data, start an operacion run, listen, print the port, serve until killed. */
async function serve(args: ReturnType<typeof parseArgs>): Promise<void> {
  const { loadServer } = await import('./simulation');
  const { app } = await loadServer(args);
  const at = args.get('at') ?? '2025-12-26T12:00:00Z';
  const res = await app.inject({
    method: 'POST',
    url: '/api/simulaciones',
    payload: { modo: 'operacion', inicio: at },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  await app.simulation.settled();
  // One tick, so the stream has the view's flights in the air.
  await app.simulation.tick();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const airborne = app.simulation.stream.frame('operacion', 100_000).toString().split('"id":').length - 1;
  process.stdout.write(`${JSON.stringify({ port, airborne })}\n`);
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

/** /proc/<pid>/stat user + system CPU, in seconds. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface ClientStats {
  frames: number;
  bytes: number;
  lastId: number;
  missed: number;
}

async function bytesPerTick(args: ReturnType<typeof parseArgs>): Promise<void> {
  process.env.SIM_TICK_MS = '0';
  const { loadServer } = await import('./simulation');
  const speeds = (args.get('speeds') ?? '1,168,600').split(',').map(Number);
  const ticks = args.number('ticks', 120);
  let wall = Date.UTC(2026, 0, 1);
  const { app } = await loadServer(args, () => wall);
  const sim = app.simulation;
  const results = [];
  for (const speed of speeds) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/simulaciones',
      payload: { modo: 'semanal', inicio: '2025-12-24T00:00:00Z', velocidad: speed },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    // Warm up: an hour of the run, so the sky is full and the planner has booked the loads.
    for (let i = 0; i < Math.ceil(3600 / speed) + 1; i++) {
      wall += 1000;
      await sim.tick(wall);
    }
    await sim.settled();
    const row: Record<string, number> = { speed };
    for (const limit of [200, 1500]) {
      row[`connectCompact${limit}`] = sim.stream.compactStart('semanal', limit).byteLength;
      let arr = 0;
      let compact = 0;
      let airborne = 0;
      for (let i = 0; i < ticks; i++) {
        wall += 1000;
        await sim.tick(wall);
        const a = sim.stream.frame('semanal', limit, 'arreglo');
        arr += a.byteLength;
        compact += sim.stream.frame('semanal', limit, 'compacto').byteLength;
        airborne += a.toString().split('"id":').length - 1;
      }
      const simHours = (ticks * speed) / 3600;
      row[`flights${limit}`] = Math.round(airborne / ticks);
      row[`arrayBytesPerTick${limit}`] = Math.round(arr / ticks);
      row[`compactBytesPerTick${limit}`] = Math.round(compact / ticks);
      row[`arrayBytesPerSimHour${limit}`] = Math.round(arr / simHours);
      row[`compactBytesPerSimHour${limit}`] = Math.round(compact / simHours);
    }
    progress(
      `×${speed}: ` +
        [200, 1500]
          .map(
            (l) =>
              `${row[`flights${l}`]} vuelos: arreglo ${row[`arrayBytesPerTick${l}`]} B/tick, compacto ${row[`compactBytesPerTick${l}`]} B/tick (al conectar ${row[`connectCompact${l}`]} B)`,
          )
          .join('; '),
    );
    results.push(row);
    await app.inject({ method: 'DELETE', url: `/api/simulaciones/${res.json<{ id: string }>().id}` });
  }
  await app.close();
  process.stdout.write(`${JSON.stringify({ ticks, results })}\n`);
}

export default async function live(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  if (args.has('serve')) return serve(args);
  if (args.has('bytes')) return bytesPerTick(args);
  const clients = args.number('clients', 500);
  const seconds = args.number('seconds', 10);
  const limit = args.number('limit', 200);

  const childArgs = ['--import', 'tsx', join(here, 'index.ts'), 'live', '--serve'];
  if (args.get('at')) childArgs.push('--at', args.get('at')!);
  if (args.has('demo')) childArgs.push('--demo');
  const child = spawn(process.execPath, childArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
  const killChild = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', killChild);
  const hardStop = setTimeout(
    () => {
      progress('bench took too long: stopping');
      killChild();
      process.exit(1);
    },
    (seconds + 240) * 1000,
  );
  hardStop.unref();

  const ready = await new Promise<{ port: number; airborne: number }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(JSON.parse(out.slice(0, nl)));
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  progress(
    `server ready on port ${ready.port}: ${ready.airborne} flights airborne; opening ${clients} clients`,
  );

  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const stats: ClientStats[] = [];
  /** Arrival times of each tick id: first and last client, and how many clients got it. */
  const arrivals = new Map<number, { first: number; last: number; count: number }>();
  const marker = Buffer.from('id: ');
  let measuring = false;
  const requests: http.ClientRequest[] = [];
  await Promise.all(
    Array.from(
      { length: clients },
      (_, i) =>
        new Promise<void>((resolve) => {
          const s: ClientStats = { frames: 0, bytes: 0, lastId: -1, missed: 0 };
          stats[i] = s;
          const req = http.get(
            {
              host: '127.0.0.1',
              port: ready.port,
              path: `/api/vuelos/live?modo=operacion&limit=${limit}`,
              agent,
            },
            (res) => {
              resolve();
              res.on('data', (chunk: Buffer) => {
                if (!measuring) return;
                s.bytes += chunk.length;
                const now = performance.now();
                for (let at = chunk.indexOf(marker); at >= 0; at = chunk.indexOf(marker, at + 4)) {
                  const end = chunk.indexOf(10, at);
                  const id = Number(chunk.subarray(at + 4, end < 0 ? undefined : end).toString());
                  if (!Number.isFinite(id)) continue;
                  s.frames++;
                  if (s.lastId >= 0 && id > s.lastId + 1) s.missed += id - s.lastId - 1;
                  s.lastId = id;
                  const a = arrivals.get(id);
                  if (a) {
                    a.last = now;
                    a.count++;
                  } else arrivals.set(id, { first: now, last: now, count: 1 });
                }
              });
            },
          );
          req.on('error', () => resolve());
          requests.push(req);
        }),
    ),
  );
  progress(`${clients} clients connected; measuring ${seconds} s`);
  const cpu0 = cpuSeconds(child.pid!);
  const t0 = performance.now();
  measuring = true;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(child.pid!) - cpu0;
  for (const r of requests) r.destroy();
  killChild();

  // Ticks in the window that every client could have received (the edges are partial).
  const ids = [...arrivals.keys()].sort((a, b) => a - b).slice(1, -1);
  const full = ids.filter((id) => arrivals.get(id)!.count === clients);
  const spreads = ids.map((id) => arrivals.get(id)!.last - arrivals.get(id)!.first).sort((a, b) => a - b);
  const frames = stats.reduce((s, c) => s + c.frames, 0);
  const bytes = stats.reduce((s, c) => s + c.bytes, 0);
  const connected = stats.filter((s) => s.frames > 0).length;
  const result = {
    clients,
    connected,
    airborne: ready.airborne,
    limit,
    seconds: Math.round(elapsed * 100) / 100,
    ticksPerSecond: Math.round((frames / Math.max(1, connected) / elapsed) * 100) / 100,
    ticksSeen: ids.length,
    ticksToEveryClient: full.length,
    missedTicks: stats.reduce((s, c) => s + c.missed, 0),
    bytesPerMessage: Math.round(bytes / Math.max(1, frames)),
    spreadMsP50: Math.round(spreads[Math.floor(spreads.length / 2)] ?? 0),
    spreadMsMax: Math.round(spreads[spreads.length - 1] ?? 0),
    serverCpuCores: Math.round((cpu / elapsed) * 100) / 100,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
