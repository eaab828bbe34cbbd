import { expect, it } from 'vitest';
import type { FlightDetailDto, OrderDetailDto } from '../../contract';
import { flightsFile } from '../server/fixtures';
import { buildTestApp, eachDatabase, upload } from '../server/helpers';
import { loadSimNetwork, sim, simAirports, simFlights, T0 } from '../server/simulationNetwork';

eachDatabase('acknowledged writes', (db) => {
  // A restart and two builds of the plan on a busy machine.
  it('a flight cancelled in the daily view without a run survives a flights upload and a restart', {
    timeout: 180_000,
  }, async () => {
    const target = await db.freshPersistent();
    const wall = T0 + 2 * 3600_000;
    const app = await buildTestApp({ database: target, now: () => wall });
    let vuelo: string;
    try {
      await loadSimNetwork(app, { days: 2 });
      const res = await app.inject({
        method: 'POST',
        url: '/api/pedidos',
        payload: { clienteId: '1', aeropuerto: 'SKBO', cantidad: 4 },
      });
      const key = /Pedido (\S+) registrado/.exec(res.body)![1];
      const order = (await app.inject(`/api/pedidos/${key}`)).json<OrderDetailDto>();
      vuelo = order.envios[0].tramos[0].vuelo;
      const cancel = await app.inject({
        method: 'POST',
        url: `/api/vuelos/${encodeURIComponent(vuelo)}/cancelar`,
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      // Any network upload: the plan file again.
      expect((await upload(app, 'vuelos', 'v.txt', flightsFile(simFlights(simAirports())))).statusCode).toBe(
        200,
      );
      const after = (await app.inject(`/api/vuelos/${encodeURIComponent(vuelo)}`)).json<FlightDetailDto>();
      expect(after.cancelado).toBe(true);
    } finally {
      await app.close();
    }
    const again = await buildTestApp({ database: target, now: () => wall + 60_000 });
    try {
      await sim(again).settled();
      const flight = (await again.inject(`/api/vuelos/${encodeURIComponent(vuelo)}`)).json<FlightDetailDto>();
      expect(flight.cancelado).toBe(true);
    } finally {
      await again.close();
    }
  });
});
