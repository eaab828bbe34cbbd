import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import type { RelojDto, RunDto, RunSummaryDto } from '../../contract';
import { buildTestApp, eachDatabase } from './helpers';
import { loadSimNetwork, sim, simAirports, simFlights, simOrders, startRun, T0 } from './simulationNetwork';

/** Runs in each mode, the clock, and resuming after a restart. */
eachDatabase('simulación', (db) => {
  let apps: FastifyInstance[] = [];
  let wall = T0;
  const build = async (database?: Awaited<ReturnType<typeof db.freshPersistent>>) => {
    const app = await buildTestApp(database ? { database, now: () => wall } : { db, now: () => wall });
    apps.push(app);
    return app;
  };
  afterEach(async () => {
    for (const app of apps) await app.close();
    apps = [];
    wall = T0;
  });

  it('semanal a máxima velocidad recorre la ventana y planifica cada pedido de ella', async () => {
    const app = await build();
    await loadSimNetwork(app, { days: 3 });
    const run: RunDto = await startRun(app, {
      modo: 'semanal',
      inicio: '2025-12-22T00:00:00Z',
      fin: '2025-12-24T00:00:00Z',
      velocidad: 'max',
    });
    const done = await sim(app).runs.whenDone(run.id);
    expect(done.estado).toBe('terminada');
    expect(done.ahora).toBe('2025-12-24T00:00:00.000Z');
    // Orders are local to their destination: count those whose UTC release falls in the window.
    const window = (await app.inject('/api/simulaciones')).json() as RunDto[];
    expect(window.map((r) => r.id)).toContain(run.id);
    const inWindow = simOrders(3).filter((o) => {
      const gmt = ['LEMD', 'EBCI'].includes(o.destination) ? 2 : o.destination === 'VIDP' ? 5 : -5;
      const utc = Date.UTC(o.year, o.month - 1, o.day, o.hour, o.minute) - gmt * 3_600_000;
      return utc >= Date.UTC(2025, 11, 22) && utc < Date.UTC(2025, 11, 24);
    });
    const k = done.kpis;
    expect(k.pedidosRecibidos).toBe(inWindow.length);
    expect(k.entregadosATiempo + k.entregadosTarde + k.sinRuta + k.enTransito).toBe(inWindow.length);
    expect(k.enTransitoATiempo + k.enTransitoTarde).toBe(k.enTransito);
    // Every order planned on time: none late, none without a route, whether delivered or not yet.
    expect(k.entregadosTarde + k.enTransitoTarde + k.sinRuta).toBe(0);
    expect(k.entregadosATiempo).toBeGreaterThan(0);
    expect(k.porcentajeATiempo).toBe(100);
  });

  it('la corrida pausada da el mismo resultado que la de máxima velocidad', async () => {
    const app = await build();
    await loadSimNetwork(app, { days: 3 });
    const window = { inicio: '2025-12-22T00:00:00Z', fin: '2025-12-24T00:00:00Z' };
    const fast = await sim(app).runs.whenDone(
      (await startRun(app, { modo: 'semanal', ...window, velocidad: 'max' })).id,
    );
    const paced: RunDto = await startRun(app, { modo: 'semanal', ...window, velocidad: 7200 });
    // 7200x: two simulated hours per real second; 24 ticks of one second cover the two days.
    for (let i = 0; i < 24; i++) {
      wall += 1000;
      await sim(app).tick();
    }
    const end = await sim(app).runs.get(paced.id);
    expect(end.estado).toBe('terminada');
    expect(end.kpis).toEqual(fast.kpis);
  });

  it('el reloj sigue a la simulación: velocidad × tiempo real, y tiempo real sin corrida', async () => {
    const app = await build();
    await loadSimNetwork(app, { days: 3 });
    const before = (await app.inject('/api/reloj?modo=semanal')).json() as RelojDto;
    expect(before).toEqual({
      ahora: new Date(T0).toISOString(),
      velocidad: 1,
      modo: 'semanal',
      estado: 'tiempo_real',
    });
    await startRun(app, { modo: 'semanal', inicio: '2025-12-22T00:00:00Z' });
    wall += 10_000;
    await sim(app).tick();
    const clock = (await app.inject('/api/reloj?modo=semanal')).json() as RelojDto;
    // Default speed: a week in an hour (168x), so 10 s of wall time are 28 simulated minutes.
    expect(clock).toMatchObject({ modo: 'semanal', estado: 'en_curso', velocidad: 168 });
    expect(clock.ahora).toBe('2025-12-22T00:28:00.000Z');
  });

  it('colapso se detiene en el primer pedido que no llega a tiempo, con reporte, y repite la fecha', async () => {
    const app = await build();
    // Tiny client warehouses: growing demand soon cannot be stored on time.
    await loadSimNetwork(app, {
      days: 2,
      capacity: { SKBO: 30, SEQM: 30, LEMD: 30, VIDP: 30 },
    });
    const a = await sim(app).runs.whenDone(
      (await startRun(app, { modo: 'colapso', velocidad: 'max', semilla: 7 })).id,
    );
    expect(a.estado).toBe('colapsada');
    expect(a.reporte).not.toBeNull();
    const r = a.reporte!;
    expect(r.fecha).toBe(a.ahora);
    expect(r.pedido).toMatch(/^[A-Z]{4}-/);
    expect(r.causa.length).toBeGreaterThan(10);
    expect(['warehouse', 'flights', 'no-route']).toContain(r.tipo);
    // At the collapse, exactly one order cannot be on time: late in transit, or without a route.
    expect(r.kpis.enTransitoTarde + r.kpis.entregadosTarde + r.kpis.sinRuta).toBe(1);
    const b = await sim(app).runs.whenDone(
      (await startRun(app, { modo: 'colapso', velocidad: 'max', semilla: 7 })).id,
    );
    expect(b.reporte?.fecha).toBe(r.fecha);
    expect(b.reporte?.pedido).toBe(r.pedido);
    // The replaced run is kept as stopped history.
    const old = (await app.inject(`/api/simulaciones/${a.id}`)).json() as RunDto;
    expect(old.estado).toBe('colapsada');
    const current = (await app.inject('/api/simulaciones')).json() as RunDto[];
    expect(current.filter((x) => x.modo === 'colapso').map((x) => x.id)).toEqual([b.id]);
  });

  it('operación: POST /api/pedidos usa el reloj de operación y el pedido se planifica al instante', async () => {
    const app = await build();
    await loadSimNetwork(app, { days: 1 });
    await startRun(app, { modo: 'operacion', inicio: '2025-12-23T12:00:00Z' });
    wall += 90_000;
    await sim(app).tick();
    const clock = (await app.inject('/api/reloj?modo=operacion')).json() as RelojDto;
    expect(clock).toMatchObject({ estado: 'en_curso', velocidad: 1, ahora: '2025-12-23T12:01:30.000Z' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/pedidos',
      payload: { clienteId: '0000042', aeropuerto: 'SKBO', cantidad: 5 },
    });
    expect(res.statusCode).toBe(201);
    const key = /Pedido (\S+) registrado/.exec(res.body)![1];
    const detail = (await app.inject(`/api/pedidos/${key}?modo=operacion`)).json();
    expect(detail.fecha).toBe('2025-12-23T12:01:00.000Z');
    expect(detail.estado).toBe('a_tiempo');
    expect(detail.clienteId).toBe('0000042');
    expect(detail.envios.reduce((s: number, e: { cantidad: number }) => s + e.cantidad, 0)).toBe(5);
    const leg = detail.envios[0].tramos[0];
    const flight = (await app.inject(`/api/vuelos/${encodeURIComponent(leg.vuelo)}?modo=operacion`)).json();
    expect(flight.pedidos).toContainEqual({ pedido: key, cantidad: expect.any(Number) });
    // The new order counts in the run's KPIs.
    const summary = (await app.inject('/api/simulaciones')).json() as RunDto[];
    expect(summary[0].kpis.pedidosRecibidos).toBeGreaterThan(0);
  });

  it('sin corrida de operación, la vista en tiempo real planifica los pedidos que llegan', async () => {
    wall = Date.UTC(2025, 11, 22, 12, 0);
    const app = await build();
    await loadSimNetwork(app, { days: 1 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/pedidos',
      payload: { clienteId: '7', aeropuerto: 'LEMD', cantidad: 2 },
    });
    const key = /Pedido (\S+) registrado/.exec(res.body)![1];
    const detail = (await app.inject(`/api/pedidos/${key}`)).json();
    expect(detail.fecha).toBe('2025-12-22T12:00:00.000Z');
    expect(detail.estado).toBe('a_tiempo');
    const warehouses = (await app.inject('/api/almacenes')).json();
    expect(warehouses).toHaveLength(7);
    expect(warehouses[0]).toMatchObject({ codigo: 'SPIM', capacidad: 400, nivel: 'disponible' });
  });

  it('resumen de una corrida: pedidos, entregas, almacenes y uso de vuelos', async () => {
    const app = await build();
    await loadSimNetwork(app, { days: 3 });
    const run = await startRun(app, { modo: 'semanal', inicio: '2025-12-22T00:00:00Z', velocidad: 3600 });
    for (let i = 0; i < 30; i++) {
      wall += 1000;
      await sim(app).tick();
    }
    const s = (await app.inject(`/api/simulaciones/${run.id}/resumen`)).json() as RunSummaryDto;
    expect(s.ahora).toBe('2025-12-23T06:00:00.000Z');
    expect(s.pedidosRecibidos).toBeGreaterThan(0);
    const entregados = s.entregadosATiempo + s.entregadosTarde;
    expect(entregados).toBeGreaterThan(0);
    expect(entregados).toBeLessThanOrEqual(s.pedidosRecibidos);
    expect(s.enTransito).toBe(s.pedidosRecibidos - entregados - s.sinRuta);
    expect(s.almacenes).toHaveLength(7);
    expect(s.almacenMasOcupado?.porcentaje).toBe(Math.max(...s.almacenes.map((a) => a.porcentaje)));
    expect(s.utilizacionVuelos).toBeGreaterThan(0);
    expect(s.utilizacionVuelos).toBeLessThan(1);
  });

  it('DELETE detiene la corrida; queda en pantalla, parada, hasta que empiece otra', async () => {
    const app = await build();
    await loadSimNetwork(app, { days: 2 });
    const run = await startRun(app, { modo: 'semanal', inicio: '2025-12-22T00:00:00Z' });
    wall += 10_000;
    await sim(app).tick();
    const res = await app.inject({ method: 'DELETE', url: `/api/simulaciones/${run.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().estado).toBe('detenida');
    const current = (await app.inject('/api/simulaciones')).json() as RunDto[];
    expect(current.map((r) => [r.id, r.estado])).toEqual([[run.id, 'detenida']]);
    // Its clock stopped where it was: wall time passing does not move it.
    wall += 60_000;
    await sim(app).tick();
    const clock = (await app.inject('/api/reloj?modo=semanal')).json() as RelojDto;
    expect(clock).toMatchObject({ estado: 'detenida', velocidad: 0, ahora: '2025-12-22T00:28:00.000Z' });
    expect((await app.inject(`/api/simulaciones/${run.id}`)).json().estado).toBe('detenida');
    expect((await app.inject('/api/simulaciones/no-existe')).statusCode).toBe(404);
  });

  it('rechaza datos no válidos con mensajes en español', async () => {
    const app = await build();
    const noNet = await app.inject({
      method: 'POST',
      url: '/api/simulaciones',
      payload: { modo: 'semanal' },
    });
    expect(noNet.statusCode).toBe(409);
    await loadSimNetwork(app, { days: 1 });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/simulaciones',
      payload: { modo: 'semanal', inicio: '2025-12-23T00:00:00Z', fin: '2025-12-22T00:00:00Z' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('La fecha de fin debe ser posterior a la de inicio');
    const mode = await app.inject({ method: 'POST', url: '/api/simulaciones', payload: { modo: 'mensual' } });
    expect(mode.statusCode).toBe(400);
    const speed = await app.inject({
      method: 'POST',
      url: '/api/simulaciones',
      payload: { modo: 'semanal', velocidad: 0 },
    });
    expect(speed.statusCode).toBe(400);
  });

  it('tras reiniciar el servidor, la corrida continúa desde su hora simulada con el mismo plan', async () => {
    const target = await db.freshPersistent();
    const app = await build(target);
    await loadSimNetwork(app, { days: 3 });
    const run = await startRun(app, { modo: 'semanal', inicio: '2025-12-22T00:00:00Z', velocidad: 3600 });
    for (let i = 0; i < 20; i++) {
      wall += 1000;
      await sim(app).tick();
    }
    // A cancellation is an event the replay must apply at the same simulated minute.
    let loaded: { id: string; carga: number } | undefined;
    for (const f of simFlights(simAirports())) {
      const d = (await app.inject(`/api/vuelos/${f.id}?modo=semanal`)).json();
      if (d.carga > 0 && Date.parse(d.salida) > Date.parse('2025-12-22T20:00:00Z')) {
        loaded = d;
        break;
      }
    }
    if (!loaded) throw new Error('no loaded flight ahead');
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/vuelos/${encodeURIComponent(loaded.id)}/cancelar?modo=semanal`,
    });
    expect(cancel.statusCode).toBe(200);
    const moved = cancel.json().pedidos[0].pedido as string;
    const movedBefore = (await app.inject(`/api/pedidos/${moved}?modo=semanal`)).json();
    const before = await sim(app).runs.get(run.id);
    expect(before.ahora).toBe('2025-12-22T20:00:00.000Z');
    const flight = (await app.inject(`/api/vuelos/${encodeURIComponent(loaded.id)}?modo=semanal`)).json();
    expect(flight).toMatchObject({ cancelado: true, carga: 0 });
    await app.close();
    apps = apps.filter((a) => a !== app);

    wall += 60_000; // the server was down for a minute: simulated time does not jump
    const again = await build(target);
    await sim(again).settled();
    const list = (await again.inject('/api/simulaciones')).json() as RunDto[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: run.id, estado: 'en_curso', ahora: before.ahora, kpis: before.kpis });
    expect((await again.inject(`/api/vuelos/${encodeURIComponent(loaded.id)}?modo=semanal`)).json()).toEqual(
      flight,
    );
    expect((await again.inject(`/api/pedidos/${moved}?modo=semanal`)).json()).toEqual(movedBefore);
    wall += 1000;
    await sim(again).tick();
    expect((await sim(again).runs.get(run.id)).ahora).toBe('2025-12-22T21:00:00.000Z');
  });
  it('tras reiniciar, la operación conserva los pedidos registrados en vivo con su mismo plan', async () => {
    const target = await db.freshPersistent();
    const app = await build(target);
    await loadSimNetwork(app, { days: 2 });
    const run = await startRun(app, { modo: 'operacion', inicio: '2025-12-23T12:00:00Z' });
    wall += 30_000;
    await sim(app).tick();
    const keys: string[] = [];
    for (const aeropuerto of ['SKBO', 'VIDP', 'LEMD']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/pedidos',
        payload: { clienteId: '1', aeropuerto, cantidad: 9 },
      });
      keys.push(/Pedido (\S+) registrado/.exec(res.body)![1]);
    }
    const details = await Promise.all(
      keys.map(async (k) => (await app.inject(`/api/pedidos/${k}?modo=operacion`)).json()),
    );
    expect(details.every((d) => d.estado === 'a_tiempo')).toBe(true);
    const kpis = (await sim(app).runs.get(run.id)).kpis;
    await app.close();
    apps = apps.filter((a) => a !== app);

    const again = await build(target);
    await sim(again).settled();
    for (const [i, k] of keys.entries())
      expect((await again.inject(`/api/pedidos/${k}?modo=operacion`)).json()).toEqual(details[i]);
    expect((await sim(again).runs.get(run.id)).kpis).toEqual(kpis);
  });
});
