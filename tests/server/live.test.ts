import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import type { LiveFlightDto, LiveNetworkDto, LiveSnapshotDto, LiveTickDto, RunDto } from '../../contract';
import { CompactLiveDecoder } from '../../src/api/liveCompact';
import { buildTestApp, eachDatabase } from './helpers';
import { loadSimNetwork, sim, simAirports, simFlights, startRun, T0 } from './simulationNetwork';

/** A minimal SSE reader: collects `id:` + `data:` frames, the 'simulacion' events apart, and comments. */
function sseClient(url: string) {
  const frames: { id: number; event: string; data: unknown }[] = [];
  const runs: (RunDto | null)[] = [];
  const comments: string[] = [];
  let headers: http.IncomingHttpHeaders = {};
  let buffer = '';
  const req = http.get(url, (res) => {
    headers = res.headers;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let id = -1;
        let event = 'message';
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments.push(line);
          else if (line.startsWith('id: ')) id = Number(line.slice(4));
          else if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ') && event === 'simulacion') runs.push(JSON.parse(line.slice(6)));
          else if (line.startsWith('data: ')) frames.push({ id, event, data: JSON.parse(line.slice(6)) });
        }
      }
    });
  });
  req.on('error', () => {});
  return {
    frames,
    runs,
    comments,
    headers: () => headers,
    close: () => req.destroy(),
  };
}

const until = async (cond: () => boolean, ms = 5000) => {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('timeout waiting for the stream');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** Daily flights in the air at t (epoch minutes), computed independently from the fixture. */
function airborneCount(tMin: number): number {
  const airports = new Map(simAirports().map((a) => [a.code, a]));
  let n = 0;
  for (const f of simFlights(simAirports())) {
    const o = airports.get(f.origin)!;
    const d = airports.get(f.destination)!;
    const dep = (((f.depLocal - o.gmt * 60) % 1440) + 1440) % 1440;
    const dur = (((f.arrLocal - d.gmt * 60 - dep) % 1440) + 1440) % 1440;
    const since = (((tMin - dep) % 1440) + 1440) % 1440;
    if (since < dur) n++;
  }
  return n;
}

eachDatabase('vuelos en vivo (SSE)', (db) => {
  let app: FastifyInstance | undefined;
  let wall = T0;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    wall = T0;
  });

  async function listening() {
    app = await buildTestApp({ db, now: () => wall });
    await loadSimNetwork(app, { days: 3 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  it('cada mensaje es la lista de vuelos en el aire, con la forma del spec y los más cargados primero', async () => {
    const base = await listening();
    const run = await startRun(app!, { modo: 'semanal', inicio: '2025-12-22T00:00:00Z', velocidad: 3600 });
    for (let i = 0; i < 14; i++) {
      wall += 1000;
      await sim(app!).tick();
    }
    const all = sseClient(`${base}/api/vuelos/live?modo=semanal&limit=5000`);
    const top = sseClient(`${base}/api/vuelos/live?modo=semanal&limit=5`);
    await until(() => all.frames.length > 0 && top.frames.length > 0);
    expect(all.headers()['content-type']).toMatch(/^text\/event-stream/);
    const tMin = Date.parse((await sim(app!).runs.get(run.id)).ahora) / 60_000;
    const flights = all.frames[0].data as LiveFlightDto[];
    expect(flights.length).toBe(airborneCount(tMin));
    const loaded = flights.filter((f) => (f.carga ?? 0) > 0);
    expect(loaded.length).toBeGreaterThan(0);
    for (const f of flights) {
      expect(f).toMatchObject({
        id: expect.stringMatching(/^[A-Z]{4}-[A-Z]{4}-\d\d:\d\d@\d+$/),
        originLat: expect.any(Number),
        originLon: expect.any(Number),
        destLat: expect.any(Number),
        destLon: expect.any(Number),
        pathColor: expect.any(String),
        planeColor: expect.any(String),
        capacidad: 300,
      });
      const dep = Date.parse(f.salida!) / 60_000;
      const arr = Date.parse(f.llegada!) / 60_000;
      expect(dep).toBeLessThanOrEqual(tMin);
      expect(arr).toBeGreaterThan(tMin);
      expect(f.progress).toBeCloseTo((tMin - dep) / (arr - dep), 3);
      const level =
        f.carga! / f.capacidad! < 0.7
          ? 'disponible'
          : f.carga! / f.capacidad! <= 0.9
            ? 'limitado'
            : 'saturado';
      expect(f.nivel).toBe(level);
    }
    const ratios = flights.map((f) => f.carga! / f.capacidad!);
    expect(ratios).toEqual([...ratios].sort((a, b) => b - a));
    expect(top.frames[0].data).toEqual(flights.slice(0, 5));
    // Next tick: a new frame with the next id, to every client.
    wall += 1000;
    await sim(app!).tick();
    await until(() => all.frames.length > 1 && top.frames.length > 1);
    expect(all.frames[1].id).toBe(all.frames[0].id + 1);
    expect(top.frames[1].id).toBe(all.frames[1].id);
    sim(app!).stream.hub.heartbeat();
    await until(() => all.comments.includes(': ping'));
    all.close();
    top.close();
  });

  it('el formato compacto dice cuántos vuelos hay en el aire, no solo los de su lista', async () => {
    const base = await listening();
    await startRun(app!, { modo: 'semanal', inicio: '2025-12-22T00:00:00Z', velocidad: 3600 });
    for (let i = 0; i < 14; i++) {
      wall += 1000;
      sim(app!).tick();
    }
    const c = sseClient(`${base}/api/vuelos/live?modo=semanal&limit=5&formato=compacto`);
    await until(() => c.frames.length >= 2);
    const foto = c.frames[1].data as LiveSnapshotDto;
    expect(foto.vuelos).toHaveLength(5);
    expect(foto.enAire).toBe(airborneCount(foto.t!));
    expect(foto.enAire).toBeGreaterThan(5);
    wall += 1000;
    sim(app!).tick();
    await until(() => c.frames.length >= 3);
    const tick = c.frames[2].data as LiveTickDto;
    expect(tick.t).toBeGreaterThan(foto.t!);
    expect(tick.enAire).toBe(airborneCount(tick.t!));
    c.close();
  });

  it('sin corrida activa muestra la vista de operación del plan cargado a la hora real', async () => {
    wall = Date.UTC(2025, 11, 22, 15, 0);
    const base = await listening();
    await sim(app!).queries.warehouses('operacion');
    await sim(app!).tick();
    const c = sseClient(`${base}/api/vuelos/live?limit=200`);
    await until(() => c.frames.length > 0);
    const flights = c.frames[0].data as LiveFlightDto[];
    expect(flights.length).toBe(airborneCount(wall / 60_000));
    expect(flights.some((f) => (f.carga ?? 0) > 0)).toBe(true);
    c.close();
  });

  it('un cliente que no lee se desconecta; su memoria pendiente nunca supera el límite', async () => {
    const base = await listening();
    await startRun(app!, { modo: 'semanal', inicio: '2025-12-22T00:00:00Z', velocidad: 60 });
    const service = sim(app!);
    service.options.maxBufferedBytes = 64 * 1024;
    const reader = sseClient(`${base}/api/vuelos/live?modo=semanal&limit=5000`);
    const { port } = new URL(base);
    const stuck = net.connect(Number(port), '127.0.0.1');
    stuck.on('error', () => {});
    stuck.write(`GET /api/vuelos/live?modo=semanal&limit=5000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    stuck.pause(); // never reads: the kernel buffers fill, then the server's
    await until(() => service.stream.hub.clients.size === 2 && reader.frames.length > 0);
    const frameBytes = service.stream.frame('semanal', 5000).byteLength;
    let maxPending = 0;
    for (let i = 0; i < 3000 && service.stream.hub.dropped === 0; i++) {
      wall += 1000;
      await service.tick();
      for (const c of service.stream.hub.clients) maxPending = Math.max(maxPending, c.res.writableLength);
      if (i % 5 === 0) await new Promise((r) => setTimeout(r, 1));
    }
    expect(service.stream.hub.dropped).toBe(1);
    expect(maxPending).toBeLessThanOrEqual(64 * 1024 + frameBytes + 64);
    await until(() => service.stream.hub.clients.size === 1);
    // The reading client keeps getting every tick.
    const sent = service.stream.hub.framesSent;
    wall += 1000;
    await service.tick();
    await until(() => reader.frames.length > 0 && reader.frames[reader.frames.length - 1].id >= sent);
    const ids = reader.frames.map((f) => f.id);
    expect(ids).toEqual(ids.map((_, i) => ids[0] + i));
    reader.close();
    stuck.destroy();
  });
  it('el formato compacto, decodificado, da la misma lista que el arreglo en cada tick, con el instante y la velocidad', async () => {
    const base = await listening();
    await startRun(app!, { modo: 'semanal', inicio: '2025-12-22T00:00:00Z', velocidad: 600 });
    wall += 1000;
    await sim(app!).tick();
    const array = sseClient(`${base}/api/vuelos/live?modo=semanal&limit=40`);
    const compact = sseClient(`${base}/api/vuelos/live?modo=semanal&limit=40&formato=compacto`);
    await until(() => array.frames.length > 0 && compact.frames.length >= 2);
    // The network, then the list on connect (a tick may follow already on a busy machine).
    expect(compact.frames.slice(0, 2).map((f) => f.event)).toEqual(['red', 'foto']);
    const decoder = new CompactLiveDecoder();
    const decoded = new Map<number, LiveFlightDto[]>();
    const apply = (f: { id: number; event: string; data: unknown }) => {
      if (f.event === 'red') decoder.setNetwork(f.data as LiveNetworkDto);
      else if (f.event === 'foto') decoded.set(f.id, decoder.snapshot(f.data as LiveSnapshotDto));
      else if (f.event === 'tick') decoded.set(f.id, decoder.tick(f.data as LiveTickDto));
    };
    // 10 simulated minutes a tick for 6 simulated hours: flights take off, land and change load.
    let seen = 0;
    let changes = 0;
    let late: ReturnType<typeof sseClient> | undefined;
    for (let i = 0; i < 36; i++) {
      wall += 1000;
      await sim(app!).tick();
      await until(() => array.frames.length >= i + 2 && compact.frames.length >= i + 3);
      // A client joining mid-way (or reconnecting) starts from the plan and the list as they are.
      if (i === 17) {
        late = sseClient(`${base}/api/vuelos/live?modo=semanal&limit=40&formato=compacto`);
        await until(() => late!.frames.length >= 2);
      }
    }
    await until(() => (late?.frames.length ?? 0) >= 20);
    expect(late!.frames.slice(0, 2).map((f) => f.event)).toEqual(['red', 'foto']);
    const lateDecoder = new CompactLiveDecoder();
    let lateSeen = 0;
    for (const f of late!.frames) {
      let mine: LiveFlightDto[] | undefined;
      if (f.event === 'red') lateDecoder.setNetwork(f.data as LiveNetworkDto);
      else if (f.event === 'foto') mine = lateDecoder.snapshot(f.data as LiveSnapshotDto);
      else mine = lateDecoder.tick(f.data as LiveTickDto);
      const same = array.frames.find((a) => a.id === f.id);
      if (mine && same) {
        expect(mine).toEqual(same.data);
        lateSeen++;
      }
    }
    expect(lateSeen).toBeGreaterThanOrEqual(18);
    late!.close();
    for (const f of compact.frames) {
      apply(f);
      if (f.event === 'tick') {
        const t = f.data as LiveTickDto;
        changes += t.entran.length + t.salen.length;
        expect(t.velocidad).toBe(600);
      }
    }
    for (const f of array.frames) {
      const mine = decoded.get(f.id);
      if (!mine) continue;
      expect(mine).toEqual(f.data);
      seen++;
    }
    expect(seen).toBeGreaterThanOrEqual(36);
    expect(changes).toBeGreaterThan(0);
    // The instant is the run's simulated time: 38 ticks of at most 10 simulated minutes from its start
    // (the lists above already agree at that instant, to the rounding of each plane's progress).
    const start = Date.parse('2025-12-22T00:00:00Z') / 60_000;
    expect(decoder.instant.t).toBeGreaterThan(start);
    expect(decoder.instant.t).toBeLessThanOrEqual(start + 38 * 10);
    // A tick carries only what changed: far fewer bytes than the whole list.
    const lastTick = JSON.stringify(compact.frames[compact.frames.length - 1].data).length;
    const lastArray = JSON.stringify(array.frames[array.frames.length - 1].data).length;
    expect(lastTick).toBeLessThan(lastArray / 3);
    array.close();
    compact.close();
  });

  it('semanal y colapso sin simulación no muestran vuelos de otro modo; la operación, el tiempo real', async () => {
    wall = Date.UTC(2025, 11, 22, 15, 0);
    const base = await listening();
    await sim(app!).queries.warehouses('operacion');
    await sim(app!).tick();
    const week = sseClient(`${base}/api/vuelos/live?modo=semanal&limit=200&formato=compacto`);
    const weekArray = sseClient(`${base}/api/vuelos/live?modo=colapso&limit=200`);
    const ops = sseClient(`${base}/api/vuelos/live?limit=200&formato=compacto`);
    await until(() => week.frames.length >= 2 && weekArray.frames.length >= 1 && ops.frames.length >= 2);
    await until(() => week.runs.length >= 1 && weekArray.runs.length >= 1);
    expect(week.frames[1].data).toEqual({
      t: null,
      velocidad: null,
      estado: 'sin_simulacion',
      simulacion: null,
      enAire: 0,
      vuelos: [],
    });
    expect((week.frames[0].data as LiveNetworkDto).vuelos).toEqual([]);
    expect(week.runs[0]).toBeNull();
    expect(weekArray.frames[0].data).toEqual([]);
    const foto = ops.frames[1].data as LiveSnapshotDto;
    expect(foto).toMatchObject({ estado: 'tiempo_real', simulacion: null, t: wall / 60_000 });
    expect(foto.vuelos.length).toBe(airborneCount(wall / 60_000));
    wall += 1000;
    await sim(app!).tick();
    await until(() => week.frames.length >= 3);
    expect(week.frames[2].data).toMatchObject({ t: null, estado: 'sin_simulacion', entran: [], salen: [] });
    for (const c of [week, weekArray, ops]) c.close();
  });

  it('cada evento dice el estado y la simulación; pausar se anuncia al momento y congela el instante', async () => {
    const base = await listening();
    const run = await startRun(app!, { modo: 'semanal', inicio: '2025-12-22T00:00:00Z', velocidad: 600 });
    const c = sseClient(`${base}/api/vuelos/live?modo=semanal&limit=40&formato=compacto`);
    await until(() => c.frames.length >= 2 && c.runs.length >= 1);
    expect(c.runs[0]).toMatchObject({ id: run.id, estado: 'en_curso' });
    expect(c.frames[1].data).toMatchObject({ estado: 'en_curso', simulacion: run.id, velocidad: 600 });
    // The stream's own timer ticks too (at the same pinned wall time): look for the tick at the new instant.
    const ticks = () => c.frames.filter((f) => f.event === 'tick').map((f) => f.data as LiveTickDto);
    const hour = Date.parse('2025-12-22T01:00:00Z') / 60_000;
    wall += 6000;
    await sim(app!).tick();
    await until(() => ticks().some((t) => t.t === hour));
    const res = await app!.inject({ method: 'POST', url: `/api/simulaciones/${run.id}/pausar` });
    expect(res.statusCode).toBe(200);
    await until(() => c.runs.length >= 2);
    expect(c.runs[1]).toMatchObject({ id: run.id, estado: 'pausada' });
    const seen = ticks().length;
    wall += 60_000;
    await sim(app!).tick();
    await until(() => ticks().length > seen);
    expect(ticks().at(-1)).toMatchObject({ t: hour, velocidad: 0, estado: 'pausada', simulacion: run.id });
    c.close();
  });
});
