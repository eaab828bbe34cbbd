import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import type { ApiErrorDto, RunDto, RunSeriesDto } from '../../contract';
import { toNetwork } from '../../server/domain/convert';
import { planFromJsonLines, validatePlan } from '../../server/planner';
import { ORDERS_CSV_HEADER } from '../../server/simulation/downloads';
import { loadInputs } from '../../server/simulation/inputs';
import { buildTestApp, eachDatabase } from './helpers';
import { loadSimNetwork, sim, startRun, T0 } from './simulationNetwork';

const HOUR_MS = 3_600_000;
const BOM = '\uFEFF';

/** A run's history: hourly samples for its charts, and its downloads, from storage once it is over. */
eachDatabase('historia y descargas de una simulación', (db) => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  const get = (url: string) => app!.inject(url);
  /** A finished week of the small network, played as fast as possible. */
  const week = async (capacity?: Partial<Record<string, number>>) => {
    app = await buildTestApp({ db, now: () => T0 });
    await loadSimNetwork(app, { days: 3, capacity });
    const run: RunDto = await startRun(app, {
      modo: 'semanal',
      inicio: '2025-12-22T00:00:00Z',
      fin: '2025-12-26T00:00:00Z',
      velocidad: 'max',
    });
    return sim(app).runs.whenDone(run.id);
  };

  it('la serie tiene una muestra por hora simulada de la ventana, con cada almacén', async () => {
    const run = await week();
    expect(run.estado).toBe('terminada');
    const res = await get(`/api/simulaciones/${run.id}/serie`);
    expect(res.statusCode).toBe(200);
    const s = res.json<RunSeriesDto>();
    const start = Date.parse('2025-12-22T00:00:00Z');
    expect(s.t).toHaveLength(4 * 24 + 1);
    expect(s.t[0]).toBe(start);
    expect(s.t.every((t, i) => t === start + i * HOUR_MS)).toBe(true);
    expect(s.inicio).toBe(start);
    expect(s.fin).toBe(start + 4 * 24 * HOUR_MS);
    // Nothing delivered at the start; every order delivered on time by the end.
    expect(s.aTiempoPct[0]).toBeNull();
    expect(s.aTiempoPct[s.aTiempoPct.length - 1]).toBe(100);
    expect(s.pedidosEnTransito[s.pedidosEnTransito.length - 1]).toBe(run.kpis.enTransito);
    expect(Math.max(...s.productosEnVuelo)).toBeGreaterThan(0);
    expect(s.almacenes.map((a) => a.codigo)).toEqual([
      'EBCI',
      'LEMD',
      'SEQM',
      'SKBO',
      'SPIM',
      'UBBB',
      'VIDP',
    ]);
    for (const a of s.almacenes) expect(a.ocupacion).toHaveLength(s.t.length);
    expect(Math.max(...s.almacenes.flatMap((a) => a.ocupacion))).toBeGreaterThan(0);
    expect(s.colapso).toBeNull();

    const one = (await get(`/api/simulaciones/${run.id}/serie?aeropuerto=skbo`)).json<RunSeriesDto>();
    expect(one.almacenes.map((a) => a.codigo)).toEqual(['SKBO']);
    expect(one.almacenes[0].ocupacion).toEqual(s.almacenes.find((a) => a.codigo === 'SKBO')!.ocupacion);
    const unknown = await get(`/api/simulaciones/${run.id}/serie?aeropuerto=KLAX`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiErrorDto>().message).toBe(
      'El aeropuerto KLAX no está en la red de esta simulación',
    );
    expect((await get(`/api/simulaciones/${run.id}/serie?aeropuerto=12`)).statusCode).toBe(400);
    expect((await get('/api/simulaciones/nada/serie')).statusCode).toBe(404);
  });

  it('el plan en JSON lines pasa el validador; el CSV tiene un pedido por fila, con BOM y separador', async () => {
    const run = await week();
    const plan = await get(`/api/simulaciones/${run.id}/descargas/plan`);
    expect(plan.statusCode).toBe(200);
    expect(plan.headers['content-disposition']).toMatch(
      /^attachment; filename="morapack-semanal-2025-12-22-[a-z0-9]{8}-plan\.jsonl"/,
    );
    const row = (await sim(app!).runs.store.get(run.id))!;
    const inputs = await loadInputs(app!.db, row, ['SPIM', 'EBCI', 'UBBB'], sim(app!).options);
    const network = toNetwork(inputs.airports, inputs.flights);
    const outcomes = planFromJsonLines(plan.body, network, inputs.orders);
    const report = validatePlan(network, inputs.orders, outcomes);
    expect(report.violations.filter((v) => v.kind !== 'deadline' && v.kind !== 'unshipped')).toEqual([]);
    expect(report.hard).toBe(0);
    expect(plan.body.trim().split('\n').length).toBeGreaterThanOrEqual(
      run.kpis.pedidosRecibidos - (3 * 24) / 5,
    );

    const csv = await get(`/api/simulaciones/${run.id}/descargas/pedidos`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith(BOM)).toBe(true);
    const lines = csv.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(ORDERS_CSV_HEADER.join(';'));
    expect(lines).toHaveLength(run.kpis.pedidosRecibidos + 1);
    expect(new Set(lines.slice(1).map((l) => l.split(';')[0])).size).toBe(run.kpis.pedidosRecibidos);
    expect(lines[1]).toMatch(/^[A-Z]{4}-\d{9};[A-Z]{4};2025-12-2\d \d\d:\d\d;\d+;2025-12-2\d \d\d:\d\d;/);
    // Orders to a sede are served from its stock at once: on time.
    const states = lines.slice(1).map((l) => l.split(';')[5]);
    const onTime = states.filter((s) => s === 'entregado a tiempo' || s === 'desde stock');
    expect(onTime.length).toBe(run.kpis.entregadosATiempo);
    // Release order.
    const released = lines.slice(1).map((l) => l.split(';')[2]);
    expect(released).toEqual([...released].sort());

    const comma = await get(`/api/simulaciones/${run.id}/descargas/pedidos?separador=coma&bom=false`);
    expect(comma.body.startsWith('pedido,destino,')).toBe(true);
    expect(comma.body.trimEnd().split('\r\n')).toHaveLength(run.kpis.pedidosRecibidos + 1);
    const bad = await get(`/api/simulaciones/${run.id}/descargas/pedidos?separador=tab`);
    expect(bad.statusCode).toBe(400);
  });

  it('los KPI en CSV y el reporte; una simulación reemplazada conserva gráficos y descargas', async () => {
    const run = await week();
    const kpis = await get(`/api/simulaciones/${run.id}/descargas/kpis`);
    const rows = kpis.body.slice(1).trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'fecha_utc;a_tiempo_pct;pedidos_en_transito;productos_en_vuelo;almacen_EBCI;almacen_LEMD;almacen_SEQM;almacen_SKBO;almacen_SPIM;almacen_UBBB;almacen_VIDP',
    );
    expect(rows).toHaveLength(4 * 24 + 2);
    expect(rows[1].startsWith('2025-12-22 00:00;;0;')).toBe(true);
    const text = await get(`/api/simulaciones/${run.id}/descargas/reporte?formato=texto`);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toContain('Estado: terminada');
    expect(text.body).toContain(`Recibidos: ${run.kpis.pedidosRecibidos}`);
    const json = await get(`/api/simulaciones/${run.id}/descargas/reporte`);
    expect(json.json<RunDto>().kpis).toEqual(run.kpis);

    const before = (await get(`/api/simulaciones/${run.id}/descargas/pedidos`)).body;
    const series = (await get(`/api/simulaciones/${run.id}/serie`)).body;
    // A new week replaces it: the old one has no worker any more, only what it stored.
    const next: RunDto = await startRun(app!, {
      modo: 'semanal',
      inicio: '2025-12-23T00:00:00Z',
      velocidad: 'max',
      reemplazar: true,
    });
    await sim(app!).runs.whenDone(next.id);
    expect(sim(app!).runs.byId(run.id)).toBeUndefined();
    expect((await get(`/api/simulaciones/${run.id}/descargas/pedidos`)).body).toBe(before);
    expect((await get(`/api/simulaciones/${run.id}/serie`)).body).toBe(series);
  });

  it('una simulación colapsada marca el instante del colapso', async () => {
    app = await buildTestApp({ db, now: () => T0 });
    await loadSimNetwork(app, { days: 2, capacity: { SKBO: 30, SEQM: 30, LEMD: 30, VIDP: 30 } });
    const run = await sim(app).runs.whenDone((await startRun(app, { modo: 'colapso', semilla: 7 })).id);
    expect(run.estado).toBe('colapsada');
    const s = (await get(`/api/simulaciones/${run.id}/serie`)).json<RunSeriesDto>();
    expect(s.colapso).toBe(Date.parse(run.reporte!.fecha));
    expect(s.t.length).toBeGreaterThan(0);
    expect(s.t[s.t.length - 1]).toBeLessThanOrEqual(s.colapso!);
    // A collapse search keeps its KPI history and report, not each synthetic order's plan.
    const kpis = (await get(`/api/simulaciones/${run.id}/descargas/kpis`)).body;
    expect(kpis.slice(1).trimEnd().split('\r\n')).toHaveLength(s.t.length + 1);
    const plan = await get(`/api/simulaciones/${run.id}/descargas/pedidos`);
    expect(plan.statusCode).toBe(409);
    expect(plan.json<{ message: string }>().message).toMatch(/colapso no guarda el plan/);
  });
});
