import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import type { OrderRangeDto, RelojDto, RunDto, RunParametersDto } from '../../contract';
import { buildTestApp, eachDatabase } from './helpers';
import { loadSimNetwork, sim, simOrders, startRun, T0 } from './simulationNetwork';

const GMT: Record<string, number> = { LEMD: 2, EBCI: 2, VIDP: 5, SKBO: -5, SEQM: -5 };
/** UTC instant (ms) of each fixture order: they are local to their destination. */
const releases = (days: number) =>
  simOrders(days).map(
    (o) => Date.UTC(o.year, o.month - 1, o.day, o.hour, o.minute) - GMT[o.destination] * 3_600_000,
  );

/** Operators drive runs: controls, defaults, idempotent and exclusive starts, history, failures. */
eachDatabase('simulaciones que un operador conduce', (db) => {
  let app: FastifyInstance | undefined;
  let wall = T0;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    wall = T0;
  });
  const build = async (days = 2, capacity?: Partial<Record<string, number>>) => {
    app = await buildTestApp({ db, now: () => wall });
    await loadSimNetwork(app, { days, capacity });
    return app;
  };
  const clock = async (modo = 'semanal') => (await app!.inject(`/api/reloj?modo=${modo}`)).json() as RelojDto;
  const post = (url: string, payload?: object, headers?: Record<string, string>) =>
    app!.inject({ method: 'POST', url, payload, headers });

  it('pausar congela el reloj; reanudar sigue desde ahí; cambiar la velocidad lo mueve al nuevo ritmo', async () => {
    await build();
    const run: RunDto = await startRun(app!, { modo: 'semanal', inicio: '2025-12-22T00:00:00Z' });
    wall += 10_000;
    await sim(app!).tick();
    expect((await clock()).ahora).toBe('2025-12-22T00:28:00.000Z');
    const paused = await post(`/api/simulaciones/${run.id}/pausar`);
    expect(paused.statusCode).toBe(200);
    expect(paused.json().estado).toBe('pausada');
    // A minute of wall time while paused: the simulated clock does not move.
    wall += 60_000;
    await sim(app!).tick();
    expect(await clock()).toMatchObject({
      estado: 'pausada',
      velocidad: 0,
      ahora: '2025-12-22T00:28:00.000Z',
    });
    expect((await post(`/api/simulaciones/${run.id}/pausar`)).statusCode).toBe(409);
    const resumed = await post(`/api/simulaciones/${run.id}/reanudar`);
    expect(resumed.json().estado).toBe('en_curso');
    wall += 10_000;
    await sim(app!).tick();
    expect((await clock()).ahora).toBe('2025-12-22T00:56:00.000Z');
    // ×3600: ten real seconds are ten simulated hours.
    const faster = await app!.inject({
      method: 'PATCH',
      url: `/api/simulaciones/${run.id}`,
      payload: { velocidad: 3600 },
    });
    expect(faster.json()).toMatchObject({ velocidad: 3600, estado: 'en_curso' });
    wall += 10_000;
    await sim(app!).tick();
    expect(await clock()).toMatchObject({ velocidad: 3600, ahora: '2025-12-22T10:56:00.000Z' });
    // Paused time is not counted as time spent running.
    expect((await sim(app!).runs.get(run.id)).segundosReales).toBe(30);
    const bad = await app!.inject({
      method: 'PATCH',
      url: `/api/simulaciones/${run.id}`,
      payload: { velocidad: 0 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('por defecto: el rango de los pedidos cargados, el primer pedido como inicio, semanal ×168 y colapso a máxima', async () => {
    await build(3);
    const times = releases(3);
    const first = new Date(Math.min(...times)).toISOString();
    const last = new Date(Math.max(...times)).toISOString();
    const range = (await app!.inject('/api/pedidos/rango')).json() as OrderRangeDto;
    expect(range).toEqual({ primero: first, ultimo: last, pedidos: times.length });
    const params = (await app!.inject('/api/simulaciones/parametros')).json() as RunParametersDto;
    expect(params.velocidades.map((v) => v.velocidad)).toEqual([336, 168, 112]);
    expect(params.velocidadPorDefecto).toEqual({ semanal: 168, colapso: 'max' });
    const week: RunDto = await startRun(app!, { modo: 'semanal' });
    // Three days of orders: the week ends at the last one (included), not seven days later.
    expect(week).toMatchObject({ inicio: first, ahora: first, velocidad: 168 });
    expect(Date.parse(week.fin!)).toBe(Date.parse(last) + 60_000);
    const collapse: RunDto = await startRun(app!, { modo: 'colapso' });
    expect(collapse).toMatchObject({ inicio: first, velocidad: 'max', crecimiento: params.crecimiento });
    const empty = await buildTestApp({ db, now: () => wall });
    try {
      expect((await empty.inject('/api/pedidos/rango')).json()).toEqual({
        primero: null,
        ultimo: null,
        pedidos: 0,
      });
    } finally {
      await empty.close();
    }
  });

  it('la misma Idempotency-Key da la misma simulación (200); otro inicio del modo en curso, 409 en español', async () => {
    await build();
    const body = { modo: 'semanal', inicio: '2025-12-22T00:00:00Z' };
    const key = { 'idempotency-key': 'clic-1' };
    const [a, b] = await Promise.all([
      post('/api/simulaciones', body, key),
      post('/api/simulaciones', body, key),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    const again = await post('/api/simulaciones', body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(a.json().id);
    const other = await post('/api/simulaciones', body, { 'idempotency-key': 'clic-2' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('SIMULACION_EN_CURSO');
    expect(other.json().message).toMatch(
      /^Hay una simulación en curso desde el 22\/12\/2025 05:00 UTC \(Simulación Semanal, ×168\)\. /,
    );
    // Ten minutes later the key starts nothing by itself: the run going on answers 409.
    wall += 10 * 60_000 + 1000;
    expect((await post('/api/simulaciones', body, key)).statusCode).toBe(409);
    expect((await sim(app!).runs.history('semanal', 20)).length).toBe(1);
  });

  it('inicios simultáneos de un modo: una simulación y los demás 409', async () => {
    await build();
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => post('/api/simulaciones', { modo: 'colapso', velocidad: 60 })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const current = (await app!.inject('/api/simulaciones')).json() as RunDto[];
    expect(current.filter((r) => r.modo === 'colapso')).toHaveLength(1);
    expect((await sim(app!).runs.history('colapso', 20)).length).toBe(1);
  });

  it('reemplazar detiene la anterior, que queda en el historial; una nueva nunca borra un reporte', async () => {
    await build(2, { SKBO: 30, SEQM: 30, LEMD: 30, VIDP: 30 });
    const a = await sim(app!).runs.whenDone((await startRun(app!, { modo: 'colapso', semilla: 7 })).id);
    expect(a.estado).toBe('colapsada');
    // A finished run does not block a new one.
    wall += 1000;
    const b: RunDto = await startRun(app!, { modo: 'colapso', velocidad: 60, semilla: 7 });
    const c = await post('/api/simulaciones', { modo: 'colapso', semilla: 7 }, {});
    expect(c.statusCode).toBe(409);
    expect(c.json().message).toMatch(/\(Colapso, ×60\)/);
    wall += 1000;
    const d = await post('/api/simulaciones', { modo: 'colapso', semilla: 7, reemplazar: true });
    expect(d.statusCode).toBe(201);
    await sim(app!).runs.whenDone(d.json().id);
    const history = (await app!.inject('/api/simulaciones/historial?modo=colapso')).json() as RunDto[];
    expect(history.map((r) => r.id)).toEqual([d.json().id, b.id, a.id]);
    expect(history.map((r) => r.estado)).toEqual(['colapsada', 'detenida', 'colapsada']);
    expect(history[2].reporte).toEqual(a.reporte);
    expect(history[1].terminadaEn).not.toBeNull();
    const one = (await app!.inject('/api/simulaciones/historial?modo=colapso&limite=1')).json() as RunDto[];
    expect(one.map((r) => r.id)).toEqual([d.json().id]);
    expect((await app!.inject('/api/simulaciones/historial?limite=0')).statusCode).toBe(400);
  });

  it('el historial guarda cada reporte y resumen: ni otra simulación ni un reinicio los borran', async () => {
    const target = await db.freshPersistent();
    app = await buildTestApp({ database: target, now: () => wall });
    await loadSimNetwork(app, { days: 2, capacity: { SKBO: 30, SEQM: 30, LEMD: 30, VIDP: 30 } });
    const collapse = await sim(app).runs.whenDone((await startRun(app, { modo: 'colapso', semilla: 7 })).id);
    expect(collapse.estado).toBe('colapsada');
    wall += 1000;
    const week = await sim(app).runs.whenDone(
      (await startRun(app, { modo: 'semanal', velocidad: 'max', fin: '2025-12-23T00:00:00Z' })).id,
    );
    expect(week.estado).toBe('terminada');
    wall += 1000;
    const later = await sim(app).runs.whenDone((await startRun(app, { modo: 'colapso', semilla: 8 })).id);
    await app.close();
    app = await buildTestApp({ database: target, now: () => wall });
    await sim(app).settled();
    const all = (await app.inject('/api/simulaciones/historial')).json() as RunDto[];
    expect(all.map((r) => r.id)).toEqual([later.id, week.id, collapse.id]);
    expect(all[2].reporte).toEqual(collapse.reporte);
    expect(all[1].resumen).toEqual(week.resumen);
    expect(all[0].reporte).toEqual(later.reporte);
    const weeks = (await app.inject('/api/simulaciones/historial?modo=semanal')).json() as RunDto[];
    expect(weeks.map((r) => r.id)).toEqual([week.id]);
    // Three runs and a restart on a database on disk: minutes on a busy 2-core machine.
  }, 240_000);

  it('una semana terminada: su reloj queda en el fin y trae el resumen con los picos', async () => {
    await build(3);
    const window = { inicio: '2025-12-22T00:00:00Z', fin: '2025-12-24T00:00:00Z' };
    const run: RunDto = await startRun(app!, { modo: 'semanal', ...window, velocidad: 7200 });
    expect(run.progreso).toMatchObject({ fraccion: 0, diasSimulados: 0, restanteSeg: 24 });
    wall += 6000;
    await sim(app!).tick();
    const mid = await sim(app!).runs.get(run.id);
    expect(mid.progreso).toMatchObject({ fraccion: 0.25, diasSimulados: 0.5, restanteSeg: 18 });
    expect(mid.progreso.pedidosPlanificados).toBeGreaterThan(0);
    expect(mid.progreso.vuelosMasOcupados.length).toBeGreaterThan(0);
    for (const f of mid.progreso.vuelosMasOcupados)
      expect(f.nombre).toMatch(/^[A-Z]{4} → [A-Z]{4} \d\d:\d\d$/);
    wall += 60_000;
    await sim(app!).tick();
    const done = await sim(app!).runs.get(run.id);
    expect(done).toMatchObject({ estado: 'terminada', ahora: '2025-12-24T00:00:00.000Z' });
    wall += 3_600_000;
    await sim(app!).tick();
    expect(await clock()).toMatchObject({
      estado: 'terminada',
      velocidad: 0,
      ahora: '2025-12-24T00:00:00.000Z',
    });
    const r = done.resumen!;
    const k = done.kpis;
    expect(r).toMatchObject({
      pedidos: k.pedidosRecibidos,
      entregadosATiempo: k.entregadosATiempo,
      entregadosTarde: k.entregadosTarde,
      sinRuta: k.sinRuta,
      enTransito: k.enTransito,
      segundosReales: 66,
    });
    const inWindow = (iso: string) =>
      iso >= window.inicio.replace('Z', '') && iso <= '2025-12-24T00:00:00.000Z';
    expect(r.picoAlmacen!.porcentaje).toBeGreaterThan(0);
    expect(inWindow(r.picoAlmacen!.fecha)).toBe(true);
    expect(r.picoVuelo!.porcentaje).toBeGreaterThanOrEqual(
      Math.max(...mid.progreso.vuelosMasOcupados.map((f) => f.porcentaje)),
    );
    expect(inWindow(r.picoVuelo!.fecha)).toBe(true);
    expect(r.utilizacionVuelos).toBeGreaterThan(0);
    expect(done.terminadaEn).toBe(new Date(wall - 3_600_000).toISOString());
  });

  it('el reporte de colapso nombra vuelos y almacenes para personas y sus fechas no pasan del colapso', async () => {
    app = await buildTestApp({ db, now: () => wall });
    // 1,440 products a day: the growth law starts from the loaded demand (above its 900 floor).
    await loadSimNetwork(app, { orders: simOrders(2, () => 60) });
    const law = { exponente: 1.2, factorPorPeriodo: 8, periodoDias: 7 };
    const fast = await sim(app!).runs.whenDone(
      (await startRun(app!, { modo: 'colapso', crecimiento: law })).id,
    );
    expect(fast).toMatchObject({ estado: 'colapsada', crecimiento: law });
    const r = fast.reporte!;
    expect(r.fecha).toBe(fast.ahora);
    expect(r.destino).toBe(r.pedido.split('-')[0]);
    expect(r.factorDemanda).toBeGreaterThan(1);
    expect(r.diasSimulados).toBeCloseTo((Date.parse(r.fecha) - Date.parse(fast.inicio)) / 86_400_000, 2);
    expect(r.kpis.entregadosTarde + r.kpis.enTransitoTarde + r.kpis.sinRuta).toBe(1);
    expect(r.kpis.porcentajeATiempo).toBe(100);
    for (const f of r.vuelos) {
      expect(f.nombre).toMatch(/^[A-Z]{4} → [A-Z]{4} \d\d:\d\d$/);
      expect(f.id.startsWith(`${f.origen}-${f.destino}-${f.salidaLocal}@`)).toBe(true);
      expect(f.carga).toBe(f.capacidad);
    }
    if (r.almacen) {
      expect(r.almacen.ciudad).toBeTruthy();
      expect(r.almacen.desde <= r.fecha).toBe(true);
    }
    expect(r.vuelos.length + (r.almacen ? 1 : 0)).toBeGreaterThan(0);
    expect(r.causa).not.toMatch(/@\d/);
    for (const [, d, m, y, hh, mm] of r.causa.matchAll(/(\d\d)\/(\d\d)\/(\d{4}) (\d\d):(\d\d)/g))
      expect(`${y}-${m}-${d}T${hh}:${mm}:00.000Z` <= r.fecha).toBe(true);
    // A slower law reaches the collapse later (or never within the search).
    const slow = await sim(app!).runs.whenDone(
      (
        await startRun(app!, {
          modo: 'colapso',
          crecimiento: { ...law, factorPorPeriodo: 2 },
          reemplazar: true,
        })
      ).id,
    );
    expect(slow.ahora > fast.ahora).toBe(true);
  });

  it('una búsqueda de colapso que no colapsa termina en su horizonte', async () => {
    await build(1);
    sim(app!).options.growth.maxDays = 3;
    const run = await sim(app!).runs.whenDone((await startRun(app!, { modo: 'colapso' })).id);
    expect(run).toMatchObject({ estado: 'terminada', reporte: null });
    expect(run.resumen?.pedidos).toBe(run.kpis.pedidosRecibidos);
    // Synthetic days start the UTC day after the last loaded order; three of them, and not a minute more.
    const day = 86_400_000;
    const growthStart = (Math.floor(Math.max(...releases(1)) / day) + 1) * day;
    expect(run.ahora).toBe(new Date(growthStart + 3 * day).toISOString());
  });

  it('si el proceso de una simulación muere, queda fallida con su motivo y la API sigue respondiendo', async () => {
    await build();
    const run: RunDto = await startRun(app!, { modo: 'semanal', inicio: '2025-12-22T00:00:00Z' });
    await sim(app!).runs.of('semanal')!.host!.kill();
    await sim(app!).runs.whenDone(run.id);
    const failed = (await app!.inject(`/api/simulaciones/${run.id}`)).json() as RunDto;
    expect(failed.estado).toBe('fallida');
    expect(failed.mensaje).toMatch(/^La simulación se detuvo por un fallo: /);
    expect((await app!.inject('/api/aereopuertos')).statusCode).toBe(200);
    const wh = await app!.inject('/api/almacenes?modo=semanal');
    expect(wh.statusCode).toBe(409);
    expect(wh.json().message).toBe(failed.mensaje);
    await sim(app!).tick();
    expect((await clock()).estado).toBe('fallida');
    // A failed run does not block a new one, and the new one runs in a new worker.
    const next: RunDto = await startRun(app!, { modo: 'semanal', inicio: '2025-12-22T00:00:00Z' });
    wall += 10_000;
    await sim(app!).tick();
    expect((await sim(app!).runs.get(next.id)).ahora).toBe('2025-12-22T00:28:00.000Z');
    const stored = (await app!.inject(`/api/simulaciones/${run.id}`)).json() as RunDto;
    expect(stored).toMatchObject({ estado: 'fallida', mensaje: failed.mensaje });
  });
});
