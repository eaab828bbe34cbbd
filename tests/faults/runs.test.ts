import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect, it } from 'vitest';
import type { ApiErrorDto, RunDto } from '../../contract';
import { openDatabase } from '../../server/db/client';
import type { OrderRecord } from '../../server/domain/types';
import { airport, airportsFile, flightsFile, order, ordersFile } from '../server/fixtures';
import { buildTestApp, eachDatabase, upload } from '../server/helpers';
import {
  loadSimNetwork,
  sim,
  simAirports,
  simFlights,
  simOrders,
  startRun,
  T0,
} from '../server/simulationNetwork';

const DAY_MS = 86_400_000;

async function mustUpload(
  app: FastifyInstance,
  kind: 'aereopuertos' | 'vuelos' | 'pedidos',
  bytes: Uint8Array,
) {
  const res = await upload(app, kind, `${kind}.txt`, bytes);
  expect(res.statusCode, res.body).toBe(200);
}

/** Orders on one day of December 2025 with sequences from `firstSeq` (not clashing with simOrders). */
function dayOrders(day: number, firstSeq: number, count: number): OrderRecord[] {
  const dests = ['SKBO', 'SEQM', 'LEMD', 'VIDP', 'EBCI'];
  return Array.from({ length: count }, (_, i) =>
    order(dests[i % dests.length], firstSeq + i, {
      day,
      hour: i % 24,
      minute: (i * 13) % 60,
      quantity: 1 + (i % 5),
    }),
  );
}

eachDatabase('runs keep their inputs', (db) => {
  // Two builds of a week's plan and a restart on a database on disk: minutes on a busy machine.
  it('a finished week shows the same figures after a restart, whatever was uploaded after it began', {
    timeout: 240_000,
  }, async () => {
    const target = await db.freshPersistent();
    const wall = T0 + 10 * DAY_MS;
    let app = await buildTestApp({ database: target, now: () => wall });
    let week: RunDto;
    try {
      await loadSimNetwork(app, { days: 2 });
      week = await sim(app).runs.whenDone(
        (
          await startRun(app, {
            modo: 'semanal',
            velocidad: 'max',
            inicio: '2025-12-22T00:00:00Z',
            fin: '2025-12-24T00:00:00Z',
          })
        ).id,
      );
      expect(week.estado).toBe('terminada');
      // After it began: Madrid moves to GMT+1 (the stored orders' release times move with it), a
      // flight plan with a sixth of the capacity, and more orders inside its window.
      const airports = simAirports().map((a) => (a.code === 'LEMD' ? { ...a, gmt: 1 } : a));
      await mustUpload(app, 'aereopuertos', airportsFile(airports));
      await mustUpload(app, 'vuelos', flightsFile(simFlights(airports, 50)));
      await mustUpload(app, 'pedidos', ordersFile(dayOrders(22, 500, 40)));
    } finally {
      await app.close();
    }
    app = await buildTestApp({ database: target, now: () => wall + 60_000 });
    try {
      await sim(app).settled();
      const again = (await app.inject(`/api/simulaciones/${week.id}`)).json<RunDto>();
      expect(again.estado).toBe('terminada');
      expect(again.kpis).toEqual(week.kpis);
      // A new week runs on what is loaded now.
      const next = await sim(app).runs.whenDone(
        (
          await startRun(app, {
            modo: 'semanal',
            velocidad: 'max',
            inicio: '2025-12-22T00:00:00Z',
            fin: '2025-12-24T00:00:00Z',
          })
        ).id,
      );
      expect(next.kpis.pedidosRecibidos).toBeGreaterThan(week.kpis.pedidosRecibidos);
    } finally {
      await app.close();
    }
  });

  it('orders stored before runs recorded their inputs (no order id) are part of every run', {
    timeout: 120_000,
  }, async () => {
    const app = await buildTestApp({ db, now: () => T0 + 10 * DAY_MS });
    try {
      await loadSimNetwork(app, { days: 2 });
      const window = { inicio: '2025-12-22T00:00:00Z', fin: '2025-12-24T00:00:00Z', velocidad: 'max' };
      const first = await sim(app).runs.whenDone((await startRun(app, { modo: 'semanal', ...window })).id);
      // As migration 0011 leaves the orders stored before it.
      await app.db.raw.query('UPDATE orders SET id = NULL');
      const second = await sim(app).runs.whenDone(
        (await startRun(app, { modo: 'semanal', ...window, reemplazar: true })).id,
      );
      expect(first.kpis.pedidosRecibidos).toBeGreaterThan(0);
      expect(second.kpis).toEqual(first.kpis);
    } finally {
      await app.close();
    }
  });

  it('a collapse search keeps its report after a restart though orders of later days were uploaded', {
    timeout: 240_000,
  }, async () => {
    const target = await db.freshPersistent();
    const wall = T0 + 20 * DAY_MS;
    let app = await buildTestApp({ database: target, now: () => wall });
    let search: RunDto;
    try {
      await loadSimNetwork(app, { orders: simOrders(2, () => 60) });
      const law = { exponente: 1.2, factorPorPeriodo: 8, periodoDias: 7 };
      search = await sim(app).runs.whenDone((await startRun(app, { modo: 'colapso', crecimiento: law })).id);
      expect(search.estado).toBe('colapsada');
      // Later days with another mix: the demand a new search would grow from.
      await mustUpload(
        app,
        'pedidos',
        ordersFile(dayOrders(27, 500, 24).map((o) => ({ ...o, quantity: 5 }))),
      );
    } finally {
      await app.close();
    }
    app = await buildTestApp({ database: target, now: () => wall + 60_000 });
    try {
      await sim(app).settled();
      const again = (await app.inject(`/api/simulaciones/${search.id}`)).json<RunDto>();
      expect(again.estado).toBe('colapsada');
      expect(again.ahora).toBe(search.ahora);
      expect(again.kpis).toEqual(search.kpis);
      expect(again.reporte).toEqual(search.reporte);
    } finally {
      await app.close();
    }
  });

  it('after a crash the daily operation keeps every acknowledged order, whatever its date, and runs on the wall clock', {
    timeout: 240_000,
  }, async () => {
    const target = await db.freshPersistent();
    let wall = T0 + 12 * DAY_MS;
    let app = await buildTestApp({ database: target, now: () => wall });
    let run: RunDto;
    try {
      await loadSimNetwork(app, { days: 2 });
      run = await startRun(app, { modo: 'operacion' });
      expect(run.kpis.pedidosRecibidos).toBe(0);
      wall += 60_000;
      await sim(app).tick();
      // Acknowledged while it runs: orders dated 10 days before it began, and some from the form.
      await mustUpload(app, 'pedidos', ordersFile(dayOrders(24, 500, 30)));
      for (const cantidad of [2, 3]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/pedidos',
          payload: { clienteId: '7', aeropuerto: 'SKBO', cantidad },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      await sim(app).runs.settled();
      wall += 60_000;
      await sim(app).tick();
      expect((await sim(app).runs.get(run.id)).kpis.pedidosRecibidos).toBe(32);
    } finally {
      await app.close();
    }
    // What a kill -9 loses: the live orders' events not yet written, and the clock of the last minutes.
    const raw = await openDatabase(target);
    try {
      await raw.raw.query('DELETE FROM run_events WHERE run_id = $1', [run.id]);
      await raw.raw.query('UPDATE runs SET ahora_ms = ahora_ms - 8 * 60000 WHERE id = $1', [run.id]);
    } finally {
      await raw.close();
    }
    // Back up after 5 minutes.
    wall += 5 * 60_000;
    app = await buildTestApp({ database: target, now: () => wall });
    try {
      await sim(app).settled();
      const again = await sim(app).runs.get(run.id);
      expect(again.estado).toBe('en_curso');
      expect(again.ahora).toBe(new Date(wall).toISOString());
      expect(again.kpis.pedidosRecibidos).toBe(32);
      const clock = (await app.inject('/api/reloj')).json<{ ahora: string }>();
      expect(Date.parse(clock.ahora)).toBe(wall);
      // They were stored again as the run's events: a second restart finds them too.
      await app.close();
      app = await buildTestApp({ database: target, now: () => wall + 1000 });
      await sim(app).settled();
      expect((await sim(app).runs.get(run.id)).kpis.pedidosRecibidos).toBe(32);
    } finally {
      await app.close();
    }
  });

  it('the order form racing an airports upload never leaves an order for a removed airport', {
    timeout: 120_000,
  }, async () => {
    const app = await buildTestApp({ db, now: () => T0 + 12 * DAY_MS });
    try {
      const extras = ['ZAAA', 'ZBBB', 'ZCCC', 'ZDDD', 'ZEEE', 'ZFFF', 'ZGGG', 'ZHHH'];
      const base = simAirports();
      const extraAirport = (code: string, i: number) => airport(code, { number: 20 + i, gmt: -5 });
      await mustUpload(app, 'aereopuertos', airportsFile([...base, ...extras.map(extraAirport)]));
      await mustUpload(app, 'vuelos', flightsFile(simFlights(base)));
      let present = new Set(extras);
      for (const [i, code] of extras.entries()) {
        const keep = extras.filter((c) => c !== code && present.has(c));
        const file = airportsFile([...base, ...keep.map((c) => extraAirport(c, extras.indexOf(c)))]);
        const [form, replace] = await Promise.all([
          app.inject({
            method: 'POST',
            url: '/api/pedidos',
            payload: { clienteId: String(i + 1), aeropuerto: code, cantidad: 1 },
          }),
          upload(app, 'aereopuertos', 'aeropuertos.txt', file),
        ]);
        present = new Set(
          (await app.inject('/api/aereopuertos')).json<{ codigo: string }[]>().map((a) => a.codigo),
        );
        if (form.statusCode === 201) {
          // The order came first: the airport it names stays, and the upload says why in Spanish.
          expect(present.has(code)).toBe(true);
          expect(replace.statusCode).toBe(400);
          expect(replace.json<ApiErrorDto>().message).toContain(`aún se usan (${code})`);
        } else {
          expect(form.statusCode, form.body).toBe(400);
          expect(form.json<ApiErrorDto>().message).toBe(
            `El aeropuerto ${code} no existe en el archivo de aeropuertos`,
          );
          expect(replace.statusCode, replace.body).toBe(200);
          expect(present.has(code)).toBe(false);
        }
      }
      // Whoever won each round, the airports file can still be replaced.
      await mustUpload(app, 'aereopuertos', airportsFile([...base, ...extras.map(extraAirport)]));
    } finally {
      await app.close();
    }
  });

  it.runIf(db.kind === 'postgres')(
    'PostgreSQL: an order held up mid-way while an airports upload drops its airport keeps the airport, and the upload says why',
    { timeout: 120_000 },
    async () => {
      const target = await db.fresh();
      const app = await buildTestApp({ database: target, now: () => T0 + 12 * DAY_MS });
      const url = (target as { url: string }).url;
      const holder = new pg.Client({ connectionString: url });
      const watcher = new pg.Client({ connectionString: url });
      await holder.connect();
      await watcher.connect();
      try {
        const base = simAirports();
        const extra = airport('ZAAA', { number: 20, gmt: -5 });
        await mustUpload(app, 'aereopuertos', airportsFile([...base, extra]));
        await mustUpload(app, 'vuelos', flightsFile(simFlights(base)));
        // The form's sequence row for ZAAA exists (no order yet) and another session holds it: the form
        // stops there, after it checked the airport and before it stores the order.
        await holder.query(
          "INSERT INTO order_seq_counters (destination, last_seq) VALUES ('ZAAA', 900000000)",
        );
        await holder.query('BEGIN');
        await holder.query("SELECT * FROM order_seq_counters WHERE destination = 'ZAAA' FOR UPDATE");
        const waiting = async (n: number) => {
          for (let i = 0; i < 200; i++) {
            const r = await watcher.query<{ n: string }>(
              "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
            );
            if (Number(r.rows[0].n) >= n) return true;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          return false;
        };
        const form = app.inject({
          method: 'POST',
          url: '/api/pedidos',
          payload: { clienteId: '1', aeropuerto: 'ZAAA', cantidad: 1 },
        });
        expect(await waiting(1)).toBe(true);
        let replaced = false;
        const replace = upload(app, 'aereopuertos', 'aeropuertos.txt', airportsFile(base)).then((r) => {
          replaced = true;
          return r;
        });
        // The upload either finishes (nothing keeps it from dropping ZAAA) or waits for the order.
        for (let i = 0; i < 100 && !replaced && !(await waiting(2)); i++);
        await holder.query('COMMIT');
        const [order, airports] = [await form, await replace];
        const codes = (await app.inject('/api/aereopuertos'))
          .json<{ codigo: string }[]>()
          .map((a) => a.codigo);
        expect(order.statusCode, order.body).toBe(201);
        expect(codes).toContain('ZAAA');
        expect(airports.statusCode).toBe(400);
        expect(airports.json<ApiErrorDto>().message).toBe(
          'El archivo aeropuertos.txt no se cargó: quita aeropuertos que aún se usan (ZAAA). Carga antes un plan de vuelos sin ellos.',
        );
      } finally {
        await holder.end();
        await watcher.end();
        await app.close();
      }
    },
  );

  it('six simultaneous starts of one mode give one run and five clear refusals', {
    timeout: 120_000,
  }, async () => {
    const app = await buildTestApp({ db, now: () => T0 });
    try {
      await loadSimNetwork(app, { days: 2 });
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          app.inject({
            method: 'POST',
            url: '/api/simulaciones',
            payload: { modo: 'semanal', velocidad: 60 },
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
      const started = answers.find((a) => a.statusCode === 201)!.json<RunDto>();
      for (const a of answers.filter((x) => x.statusCode === 409))
        expect(a.json<ApiErrorDto>().message).toMatch(
          /^Hay una simulación en curso desde el .* \(Simulación Semanal, ×60\)\. Para reemplazarla, envía reemplazar: true/,
        );
      const history = (await app.inject('/api/simulaciones/historial?modo=semanal')).json<RunDto[]>();
      expect(history.map((r) => r.id)).toEqual([started.id]);
    } finally {
      await app.close();
    }
  });
});
