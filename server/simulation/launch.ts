import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '../db/client';
import type { PlanOrder } from '../planner/types';
import { ordersAfterId } from '../services/orders';
import { loadInputs, operationWindowStart } from './inputs';
import type { SimulationOptions } from './options';
import type { RunEvent } from './run/events';
import type { RunInputs } from './run/runtime';
import type { TrackedRun } from './tracked';
import { viewNetwork } from './view';
import { RunHost } from './worker/host';
import type { RestorePoint } from './worker/messages';

export interface LaunchDeps {
  db: Database;
  sedes: string[];
  options: SimulationOptions;
  wallMs: () => number;
  log?: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

/**
 * Starts a run's worker on the data it runs on (a fallida run has none): `inputs` when the start has just
 * read them, else the data its row recorded.
 */
export async function launchRun(
  deps: LaunchDeps,
  c: TrackedRun,
  restore: RestorePoint | null,
  closed: () => boolean,
  inputs?: RunInputs,
): Promise<void> {
  if (c.row.estado === 'fallida') return;
  const row = c.row;
  const t0 = performance.now();
  const data = inputs ?? (await loadInputs(deps.db, row, deps.sedes, deps.options));
  const owed = restore ? await ordersOwed(deps, c, restore) : [];
  const t1 = performance.now();
  c.timings.inputsMs = t1 - t0;
  if (c.retired || closed()) return;
  c.host = new RunHost(
    viewNetwork(data.airports, data.flights),
    {
      type: 'init',
      spec: {
        id: row.id,
        modo: row.modo,
        inicioMin: row.inicioMin,
        finMin: row.finMin,
        speed: row.velocidad,
      },
      inputs: data,
      // A fresh operacion run plans its look-back orders before it shows anything.
      restore:
        restore ??
        (row.modo === 'operacion'
          ? { events: [], ahoraMs: row.ahoraMs, estado: 'en_curso', reporte: null }
          : null),
      wallMs: deps.wallMs(),
      recordEvents: true,
    },
    {
      onSnapshot: (s) => c.apply(s),
      onEvents: (events) => c.record(events),
      onHistory: (samples, orders) => c.recordHistory(samples, orders),
      onFailure: (message) => c.fail(message),
    },
  );
  const host = c.host;
  void host.ready.then(() => {
    c.timings.bootMs = performance.now() - t1;
  });
  if (owed.length > 0) {
    // Planned (and stored as its events) once the replay is done: the worker takes messages in order,
    // and the run counts as restored once its figures include them.
    host.addOrders(owed);
    await host.ready;
    if (host.failure === null) c.apply(await host.request({ kind: 'snapshot' }));
  }
  if (restore)
    deps.log?.info(
      { run: row.id, modo: row.modo, ahora: new Date(restore.ahoraMs).toISOString(), pedidos: owed.length },
      'simulación reanudada',
    );
}

/**
 * Events or orders looked at between two turns of the event loop. A profiled restore of a million
 * events showed slices of 20,000 holding the loop up to 130 ms (the set of keys rehashing as it grows).
 */
const OWED_SLICE = 2_000;

/**
 * A daily-operation run takes every order acknowledged while it runs, whatever its date. Those older
 * than the window it loads exist for it only as its stored events; one the server acknowledged but died
 * before storing the event of (or that was stored while no server ran) is owed to it: planned live now.
 * A run that took a million-line file has a million of both: they are compared in slices, the event
 * loop free between them (its events only when some such order exists).
 */
async function ordersOwed(deps: LaunchDeps, c: TrackedRun, restore: RestorePoint): Promise<PlanOrder[]> {
  const row = c.row;
  const since = row.entradas?.pedidosHasta;
  if (
    row.modo !== 'operacion' ||
    since == null ||
    (restore.estado !== 'en_curso' && restore.estado !== 'pausada')
  )
    return [];
  const owed: PlanOrder[] = [];
  let planned: Set<string> | null = null;
  for await (const page of ordersAfterId(deps.db, since, operationWindowStart(row.inicioMin, deps.options))) {
    planned ??= await plannedKeys(restore.events);
    for (const o of page)
      if (!planned.has(o.key))
        owed.push({ key: o.key, destination: o.destination, releaseMin: o.releaseMin, quantity: o.quantity });
  }
  return owed;
}

/** The orders a run's events planned, gathered in slices. */
async function plannedKeys(events: RunEvent[]): Promise<Set<string>> {
  const planned = new Set<string>();
  for (let i = 0; i < events.length; i += OWED_SLICE) {
    if (i > 0) await nextTurn();
    const end = Math.min(i + OWED_SLICE, events.length);
    for (let j = i; j < end; j++) {
      const e = events[j];
      if (e.kind === 'pedido') planned.add(e.order.key);
    }
  }
  return planned;
}
