import type { Database } from '../db/client';
import { ordersAfterId } from '../services/orders';
import { loadInputs, operationWindowStart } from './inputs';
import type { SimulationOptions } from './options';
import type { RunInputs } from './run/runtime';
import { RunStore } from './store';
import type { TrackedRun } from './tracked';
import { viewNetwork } from './view';
import { RunHost } from './worker/host';
import type { RestorePoint, ToWorker } from './worker/messages';

export interface LaunchDeps {
  db: Database;
  sedes: string[];
  options: SimulationOptions;
  wallMs: () => number;
  log?: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

/** Where a stored run continues from (its log is read from the database as its worker starts). */
export type Resume = Omit<RestorePoint, 'events'>;

/**
 * Starts a run's worker on the data it runs on (a fallida run has none): `inputs` when the start has just
 * read them, else the data its row recorded. A restored run's stored log goes to the worker a page at a
 * time as it is read, then the orders it may be owed: a million of each never sit on the main thread.
 */
export async function launchRun(
  deps: LaunchDeps,
  c: TrackedRun,
  restore: Resume | null,
  closed: () => boolean,
  inputs?: RunInputs,
): Promise<void> {
  if (c.row.estado === 'fallida') return;
  const row = c.row;
  const t0 = performance.now();
  const data = inputs ?? (await loadInputs(deps.db, row, deps.sedes, deps.options));
  const t1 = performance.now();
  c.timings.inputsMs = t1 - t0;
  if (c.retired || closed()) return;
  const init: Extract<ToWorker, { type: 'init' }> = {
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
    restore: restore
      ? { ...restore, events: [] }
      : row.modo === 'operacion'
        ? { events: [], ahoraMs: row.ahoraMs, estado: 'en_curso', reporte: null }
        : null,
    wallMs: deps.wallMs(),
    recordEvents: true,
  };
  const host = new RunHost(viewNetwork(data.airports, data.flights), restore ? null : init, {
    onSnapshot: (s) => c.apply(s),
    onEvents: (events) => c.record(events),
    onHistory: (samples, orders) => c.recordHistory(samples, orders),
    onFailure: (message) => c.fail(message),
  });
  void host.ready.then(() => {
    c.timings.bootMs = performance.now() - t1;
  });
  let owed = false;
  if (restore) {
    try {
      const gone = () => c.retired || closed() || host.failure !== null;
      let count = 0;
      for await (const page of new RunStore(deps.db).eventPages(row.id)) {
        if (gone()) break;
        host.replay(page.json);
        count += page.count;
      }
      c.eventSeq = count;
      host.start(init);
      if (!gone()) owed = await sendOwed(deps, c, restore, host);
    } catch (error) {
      await host.close();
      throw error;
    }
    if (c.retired || closed()) {
      await host.close();
      return;
    }
  }
  c.host = host;
  if (owed) {
    // Planned (and stored as its events) once the replay is done: the worker takes messages in order,
    // and the run counts as restored once its figures include them.
    await host.ready;
    if (host.failure === null) c.apply(await host.request({ kind: 'snapshot' }));
  }
  if (restore)
    deps.log?.info(
      { run: row.id, modo: row.modo, ahora: new Date(restore.ahoraMs).toISOString() },
      'simulación reanudada',
    );
}

/**
 * A daily-operation run takes every order acknowledged while it runs, whatever its date. Those older
 * than the window it loads exist for it only as its stored events; one the server acknowledged but died
 * before storing the event of (or that was stored while no server ran) is owed to it: planned live now.
 * They go to the worker a page at a time, which plans those its log did not (true when any page went).
 */
async function sendOwed(deps: LaunchDeps, c: TrackedRun, restore: Resume, host: RunHost): Promise<boolean> {
  const row = c.row;
  const since = row.entradas?.pedidosHasta;
  if (
    row.modo !== 'operacion' ||
    since == null ||
    (restore.estado !== 'en_curso' && restore.estado !== 'pausada')
  )
    return false;
  let sent = false;
  for await (const page of ordersAfterId(deps.db, since, operationWindowStart(row.inicioMin, deps.options))) {
    host.owed(page, false);
    sent = true;
  }
  if (sent) host.owed('[]', true);
  return sent;
}
