import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import type { ExceptionPageDto, RunDto, RunSummaryDto, WarehouseContentsDto } from '../../contract';
import { AT_RISK_SLACK_DEFAULT_MIN } from '../../contract/exceptionRules';
import type { OrderRecord } from '../../server/domain/types';
import { airport, airportsFile, flight, flightsFile, order, ordersFile } from './fixtures';
import { buildTestApp, eachDatabase, upload } from './helpers';
import { sim, startRun, T0 } from './simulationNetwork';

/**
 * A line network where lateness is provable: one daily flight SPIM → SKBO at 06:00 local (3 h), and
 * orders to SKBO placed at 01:00 on 22/12. Their 48 h deadline (24/12 01:00) leaves two instances
 * on time (22/12 and 23/12); whatever does not fit in them (seats, or the SKBO warehouse during pickup)
 * must go on 24/12 and be late.
 */
async function loadLine(
  app: FastifyInstance,
  opts: { seats: number; skboCapacity: number; orders: OrderRecord[] },
): Promise<void> {
  const airports = [
    airport('SPIM', { number: 1 }),
    airport('SKBO', { number: 2, capacity: opts.skboCapacity, lat: 4.7, lon: -74.15 }),
    airport('EBCI', { number: 3, gmt: 2, continent: 'Europa', lat: 50.46, lon: 4.45 }),
    airport('UBBB', { number: 4, gmt: 4, continent: 'Asia', lat: 40.47, lon: 50.05 }),
  ];
  for (const [kind, bytes] of [
    ['aereopuertos', airportsFile(airports)],
    ['vuelos', flightsFile([flight('SPIM', 'SKBO', 6 * 60, 9 * 60, opts.seats)])],
    ['pedidos', ordersFile(opts.orders)],
  ] as const) {
    const res = await upload(app, kind, `${kind}.txt`, bytes);
    if (res.statusCode !== 200) throw new Error(`${kind}: ${res.body}`);
  }
}

const at1am = (seq: number, quantity: number) => order('SKBO', seq, { hour: 1, minute: 0, quantity });

eachDatabase('excepciones', (db) => {
  let app: FastifyInstance | undefined;
  let wall = T0;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    wall = T0;
  });
  const get = async <T>(url: string): Promise<T> => {
    const res = await app!.inject(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  it('los pedidos sin asientos a tiempo salen atrasados, con el vuelo lleno por nombre, y cuadran con los KPI', async () => {
    app = await buildTestApp({ db, now: () => wall });
    // 4 × 8 = 32 products, 20 seats on time.
    await loadLine(app, { seats: 10, skboCapacity: 400, orders: [1, 2, 3, 4].map((i) => at1am(i, 8)) });
    const run: RunDto = await startRun(app, {
      modo: 'semanal',
      inicio: '2025-12-22T00:00:00Z',
      fin: '2025-12-23T00:00:00Z',
      velocidad: 'max',
    });
    const done = await sim(app).runs.whenDone(run.id);
    const page = await get<ExceptionPageDto>(`/api/simulaciones/${run.id}/excepciones`);
    const k = done.kpis;
    expect(k.enTransitoTarde).toBeGreaterThan(0);
    expect(page.totales.atrasado).toBe(k.entregadosTarde + k.enTransitoTarde);
    expect(page.totales.sin_ruta).toBe(k.sinRuta);
    expect(page.umbral).toBe(AT_RISK_SLACK_DEFAULT_MIN);
    const late = page.filas.filter((f) => f.tipo === 'atrasado');
    expect(late.length).toBe(page.totales.atrasado);
    for (const f of late) {
      expect(f.holgura).toBeLessThan(0);
      expect(f.estado).toBe('en_transito');
      expect(f.motivo).toContain('SPIM → SKBO 06:00');
      expect(f.vuelo).toMatch(/^SPIM-SKBO-06:00@\d+$/);
      // The flight it names is full on time.
      const v = await get<{ carga: number; capacidad: number; salida: string }>(
        `/api/vuelos/${encodeURIComponent(f.vuelo!)}?modo=semanal`,
      );
      expect(v.carga).toBe(v.capacidad);
      expect(Date.parse(v.salida)).toBeLessThan(Date.parse(f.plazo));
    }
    // Sorted by slack: the latest first.
    const slacks = page.filas.map((f) => f.holgura ?? Number.NEGATIVE_INFINITY);
    expect(slacks).toEqual([...slacks].sort((a, b) => a - b));

    // A wider threshold turns the on-time orders still in transit into risks, with their flight named.
    const wide = await get<ExceptionPageDto>(
      `/api/simulaciones/${run.id}/excepciones?tipo=en_riesgo&umbral=3000`,
    );
    expect(wide.totales.en_riesgo).toBe(k.enTransitoATiempo);
    expect(wide.filas.every((f) => f.tipo === 'en_riesgo' && (f.holgura ?? -1) >= 0)).toBe(true);
    expect(wide.filas[0]?.motivo).toMatch(/^Holgura de .*SPIM → SKBO 06:00/);

    // Search and pages.
    const one = late[0].clave;
    const found = await get<ExceptionPageDto>(
      `/api/simulaciones/${run.id}/excepciones?q=${encodeURIComponent(one.toLowerCase())}`,
    );
    expect(found.filas.map((f) => f.clave)).toEqual([one]);
    expect(found.totales).toEqual(page.totales);
    const p2 = await get<ExceptionPageDto>(
      `/api/simulaciones/${run.id}/excepciones?orden=clave&limite=1&pagina=2`,
    );
    expect(p2.filas).toHaveLength(page.total > 1 ? 1 : 0);
    expect(p2.total).toBe(page.total);

    // Bad input is a Spanish 400; a run that does not exist, 404.
    const bad = await app.inject(`/api/simulaciones/${run.id}/excepciones?tipo=tarde`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/tipo/);
    expect((await app.inject('/api/simulaciones/nada/excepciones')).statusCode).toBe(404);
  });

  it('una vez entregados, los atrasados siguen en la lista como entregados y cuadran con los KPI', async () => {
    app = await buildTestApp({ db, now: () => wall });
    await loadLine(app, { seats: 10, skboCapacity: 400, orders: [1, 2, 3, 4].map((i) => at1am(i, 8)) });
    const run: RunDto = await startRun(app, {
      modo: 'semanal',
      inicio: '2025-12-22T00:00:00Z',
      fin: '2025-12-29T00:00:00Z',
      velocidad: 'max',
    });
    const done = await sim(app).runs.whenDone(run.id);
    const page = await get<ExceptionPageDto>(`/api/simulaciones/${run.id}/excepciones?tipo=atrasado`);
    expect(done.kpis.entregadosTarde).toBeGreaterThan(0);
    expect(done.kpis.enTransito).toBe(0);
    expect(page.totales.atrasado).toBe(done.kpis.entregadosTarde);
    expect(page.filas.every((f) => f.estado === 'entregado')).toBe(true);
    expect(page.totales.en_riesgo).toBe(0);
  });

  it('un almacén lleno en la recogida se nombra por ciudad y código; el almacén lista lo que espera', async () => {
    // Wall: 22/12 15:00 UTC, after the first flight landed at SKBO (14:00 UTC) and within its pickup.
    wall = Date.UTC(2025, 11, 22, 15, 0);
    app = await buildTestApp({ db, now: () => wall });
    // 20 products, a warehouse of 5: two on-time pickups hold 10.
    await loadLine(app, { seats: 300, skboCapacity: 5, orders: [at1am(1, 20)] });
    // The daily operation without a run is the real-time view, addressed as 'tiempo-real'.
    const page = await get<ExceptionPageDto>('/api/simulaciones/tiempo-real/excepciones');
    expect(page.totales.atrasado).toBe(1);
    const [row] = page.filas;
    expect(row).toMatchObject({ clave: 'SKBO-000000001', tipo: 'atrasado', almacen: 'SKBO', vuelo: null });
    expect(row.motivo).toMatch(/^Almacén de Ciudad SKBO \(SKBO\) lleno desde el 22\/12 14:00 UTC/);
    const summary = await get<RunSummaryDto>('/api/simulaciones/tiempo-real/resumen');
    expect(page.totales.atrasado).toBe(summary.entregadosTarde + summary.enTransitoTarde);

    const wh = await get<WarehouseContentsDto>('/api/almacenes/skbo?modo=operacion');
    expect(wh).toMatchObject({ codigo: 'SKBO', ocupacion: 5, capacidad: 5, pedidos: 1 });
    expect(wh.filas).toEqual([
      {
        pedido: 'SKBO-000000001',
        productos: 5,
        destino: 'SKBO',
        desde: '2025-12-22T14:00:00.000Z',
        hasta: '2025-12-22T16:00:00.000Z',
        siguiente: null,
      },
    ]);
    expect(wh.filas.reduce((s, f) => s + f.productos, 0)).toBe(wh.ocupacion);
    const empty = await get<WarehouseContentsDto>('/api/almacenes/SPIM');
    expect(empty).toMatchObject({ ocupacion: 0, pedidos: 0, filas: [] });
    expect((await app.inject('/api/almacenes/XXXX')).statusCode).toBe(404);
  });
});
