import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import type { FlightDetailDto, OrderDetailDto } from '../../contract';
import { utf8 } from './fixtures';
import { buildTestApp, eachDatabase, multipartBody } from './helpers';
import { loadSimNetwork, sim, startRun, T0 } from './simulationNetwork';

/** Flight and order details, and the cancellation rules (only before take-off; products re-planned). */
eachDatabase('operaciones y cancelaciones', (db) => {
  let app: FastifyInstance | undefined;
  let wall = T0;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    wall = T0;
  });

  /** Operation run at 2025-12-22 12:00 UTC and an order placed then; returns the order's detail. */
  async function operationWithOrder(): Promise<OrderDetailDto> {
    app = await buildTestApp({ db, now: () => wall });
    await loadSimNetwork(app, { days: 2 });
    await startRun(app, { modo: 'operacion', inicio: '2025-12-22T12:00:00Z' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/pedidos',
      payload: { clienteId: '0000001', aeropuerto: 'SKBO', cantidad: 4 },
    });
    const key = /Pedido (\S+) registrado/.exec(res.body)![1];
    return (await app.inject(`/api/pedidos/${key}?modo=operacion`)).json();
  }

  it('cancelar un vuelo antes del despegue lo vacía y replanifica sus pedidos por otra ruta', async () => {
    const order = await operationWithOrder();
    const vuelo = order.envios[0].tramos[0].vuelo;
    const before = (
      await app!.inject(`/api/vuelos/${encodeURIComponent(vuelo)}?modo=operacion`)
    ).json() as FlightDetailDto;
    expect(before.carga).toBeGreaterThanOrEqual(4);
    expect(before.cancelado).toBe(false);

    const res = await app!.inject({
      method: 'POST',
      url: `/api/vuelos/${encodeURIComponent(vuelo)}/cancelar?modo=operacion`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pedidosAfectados).toBe(before.pedidos.length);
    expect(body.pedidos.map((p: { pedido: string }) => p.pedido)).toContain(order.id);
    expect(body.message).toMatch(/^Vuelo .* cancelado: \d+ pedidos replanificados/);

    const after = (
      await app!.inject(`/api/vuelos/${encodeURIComponent(vuelo)}?modo=operacion`)
    ).json() as FlightDetailDto;
    expect(after).toMatchObject({ cancelado: true, carga: 0, pedidos: [] });
    const replanned = (await app!.inject(`/api/pedidos/${order.id}?modo=operacion`)).json() as OrderDetailDto;
    const legs = replanned.envios.flatMap((e) => e.tramos.map((t) => t.vuelo));
    expect(legs).not.toContain(vuelo);
    expect(replanned.envios.reduce((s, e) => s + e.cantidad, 0)).toBe(4);
    expect(replanned.estado).toBe('a_tiempo');

    // A cancelled flight flies nothing: it is not on the live list either.
    const again = await app!.inject({
      method: 'POST',
      url: `/api/vuelos/${encodeURIComponent(vuelo)}/cancelar?modo=operacion`,
    });
    expect(again.statusCode).toBe(409);
  });

  it('no se cancela un vuelo que ya despegó (409), ni uno que no existe (404)', async () => {
    await operationWithOrder();
    // SPIM-SKBO-06:00 local = 11:00 UTC on the 22nd: in the air at 12:00 UTC.
    const departed = `SPIM-SKBO-06:00@${Date.UTC(2025, 11, 22, 11, 0) / 60_000}`;
    const res = await app!.inject({
      method: 'POST',
      url: `/api/vuelos/${encodeURIComponent(departed)}/cancelar`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/ya despegó/);
    const missing = await app!.inject({ method: 'POST', url: '/api/vuelos/SPIM-XXXX-06:00/cancelar' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El vuelo SPIM-XXXX-06:00 no existe en el plan de vuelos');
  });

  it('el archivo de cancelaciones cancela los vuelos futuros del mes en curso y omite los ya despegados', async () => {
    await operationWithOrder();
    const file = utf8('22.SPIM-SKBO-06:00\r\n22.SPIM-SKBO-18:00\r\n23.SKBO-LEMD-06:00\r\n');
    const res = await app!.inject({
      method: 'POST',
      url: '/api/cancelaciones/upload?modo=operacion',
      ...multipartBody('cancelaciones.txt', file),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.canceladas).toBe(2);
    expect(body.omitidas).toEqual([
      { linea: 1, vuelo: 'SPIM-SKBO-06:00', motivo: expect.stringMatching(/ya despegó/) },
    ]);
    // SPIM-SKBO-18:00 local on the 22nd = 23:00 UTC.
    const f = (
      await app!.inject(`/api/vuelos/SPIM-SKBO-18:00@${Date.UTC(2025, 11, 22, 23, 0) / 60_000}`)
    ).json();
    expect(f.cancelado).toBe(true);

    const bad = await app!.inject({
      method: 'POST',
      url: '/api/cancelaciones/upload',
      ...multipartBody('malo.txt', utf8('23.SPIM-SKBO-18:00\n40.SPIM-SKBO-06:00\n')),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ line: 2 });
  });

  it('el detalle del pedido dice dónde está cada producto a medida que avanza el reloj', async () => {
    const order = await operationWithOrder();
    expect(order.envios[0].ubicacion).toBe(order.envios[0].origen);
    const leg = order.envios[0].tramos[0];
    // The run's clock started at 12:00 UTC when the wall read T0: simulated = 12:00 + (wall - T0).
    const simToWall = (iso: string) => T0 + Date.parse(iso) - Date.parse('2025-12-22T12:00:00Z');
    wall = simToWall(leg.salida) + 60_000;
    await sim(app!).tick();
    const flying = (await app!.inject(`/api/pedidos/${order.id}?modo=operacion`)).json() as OrderDetailDto;
    expect(flying.envios[0].ubicacion).toBe(leg.vuelo);
    wall = simToWall(flying.envios[0].listo) + 60_000;
    await sim(app!).tick();
    const done = (await app!.inject(`/api/pedidos/${order.id}?modo=operacion`)).json() as OrderDetailDto;
    expect(done.envios.every((e) => e.ubicacion === 'entregado')).toBe(true);
    expect((await app!.inject('/api/pedidos/SKBO-999999999')).statusCode).toBe(404);
  });
});
