/**
 * A run's worker thread: its planner and bookkeeping live here, so a max-speed collapse search never holds
 * the main thread (the API, the database and the live stream stay there). Messages are handled one at a
 * time, in order; a max-speed run plans in slices between them.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { STORES_ORDER_PLANS } from '../../../contract/enums';
import { orderKey } from '../../domain/types';
import type { PlanOrder } from '../../planner/types';
import type { OrderTuple } from '../../services/orders';
import type { RunEvent } from '../run/events';
import { type OrderRow, orderRow, type RunSample } from '../run/history';
import { RunRuntime } from '../run/runtime';
import { answer, snapshotOf, tickOf } from './answers';
import { type FromWorker, type RunProfile, RunQueryError, type ToWorker } from './messages';

const port = parentPort;
if (!port) throw new Error('runWorker must run in a worker thread');

const send = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

const READS = new Set([
  'snapshot',
  'summary',
  'warehouses',
  'flight',
  'order',
  'exportStart',
  'exportPage',
  'exportEnd',
]);
/**
 * Stored order plans per message: the main thread stores each message's in one statement (PGlite runs
 * it on that thread). A restored run can archive a hundred thousand in one slice: they go in many
 * messages of text, each cheap to receive.
 */
const HISTORY_BATCH = 500;
/** Answers after which the main thread's snapshot must be fresh (controls carry theirs). */
const CHANGES = new Set(['cancel', 'cancelMany']);

let rt: RunRuntime | null = null;
/** The restored event log's pieces received so far (init brings the last one). */
let replayed: RunEvent[] = [];
/** A restored daily operation's owed orders gathered so far (planned with the last page). */
let owed: PlanOrder[] = [];
let driving = false;
let lastSnapshot = 0;
let events: RunEvent[] = [];
let samples: RunSample[] = [];
let orders: OrderRow[] = [];
/** The run's last outcomes went to storage when it stopped moving for good. */
let finalSent = false;
/** Wall ms building and sending snapshots and answers. */
let messagesMs = 0;

function flushEvents(): void {
  if (events.length > 0) {
    send({ type: 'events', events });
    events = [];
  }
  flushHistory();
}

function flushHistory(): void {
  if (rt && !rt.active && !finalSent && STORES_ORDER_PLANS[rt.spec.modo]) {
    // Stopped for good: nothing is re-planned any more, so the hot outcomes are final too.
    finalSent = true;
    for (const o of rt.hotOutcomes()) {
      orders.push(orderRow(o));
      if (orders.length >= HISTORY_BATCH) sendHistory();
    }
  }
  sendHistory();
}

function sendHistory(): void {
  if (samples.length === 0 && orders.length === 0) return;
  for (let i = 0; i === 0 || i < orders.length; i += HISTORY_BATCH) {
    const piece = orders.slice(i, i + HISTORY_BATCH);
    send({
      type: 'history',
      samples: i === 0 ? samples : [],
      orders: piece.length > 0 ? JSON.stringify(piece) : null,
    });
  }
  samples = [];
  orders = [];
}

/** A broken runtime cannot be trusted: report and end the thread (the main thread marks the run fallida). */
function fatal(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  send({ type: 'failed', message });
  process.exit(1);
}

/** Max speed: slices of planning, with the message queue served between them. */
async function drive(): Promise<void> {
  if (driving) return;
  driving = true;
  try {
    while (rt?.running && rt.clock.speed === null) {
      const { sliceMs, sliceOrders, snapshotEveryMs } = rt.opts;
      const until = performance.now() + sliceMs;
      do rt.runSlice(sliceOrders);
      while (rt.running && performance.now() < until);
      if (orders.length >= HISTORY_BATCH || !rt.running) flushHistory();
      if (rt.running && performance.now() - lastSnapshot >= snapshotEveryMs) {
        lastSnapshot = performance.now();
        send({ type: 'snapshot', snapshot: snapshotOf(rt) });
        messagesMs += performance.now() - lastSnapshot;
      }
      await immediate();
    }
    if (rt) {
      flushEvents();
      send({ type: 'snapshot', snapshot: snapshotOf(rt) });
    }
  } catch (error) {
    fatal(error);
  } finally {
    driving = false;
  }
}

/**
 * On a busy machine the API must win the CPU from a max-speed run: the worker lowers its own thread's
 * priority (Linux: a thread id is a valid target of setpriority; /proc/thread-self names it).
 */
function yieldPriority(steps: number): void {
  if (steps <= 0) return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid)) setPriority(tid, Math.min(19, getPriority(tid) + steps));
  } catch {
    // Not Linux, or not allowed: the run keeps the process's priority.
  }
}

async function init(m: Extract<ToWorker, { type: 'init' }>): Promise<void> {
  yieldPriority(m.inputs.options.workerNice);
  const run = new RunRuntime(m.spec, m.inputs);
  if (m.recordEvents) {
    // A replay stores its history again: the database keeps the first copy.
    run.onSample = (s) => samples.push(s);
    if (STORES_ORDER_PLANS[m.spec.modo]) {
      run.onArchived = (o) => {
        orders.push(orderRow(o));
      };
    }
  }
  if (m.restore) {
    const log = replayed.length > 0 ? replayed.concat(m.restore.events) : m.restore.events;
    replayed = [];
    run.feed.setReplay(log);
    const { sliceMs, sliceOrders } = run.opts;
    for (;;) {
      const until = performance.now() + sliceMs;
      let done = run.replayTo(m.restore.ahoraMs, sliceOrders);
      while (!done && performance.now() < until) done = run.replayTo(m.restore.ahoraMs, sliceOrders);
      if (orders.length >= HISTORY_BATCH) sendHistory();
      if (done) break;
      await immediate();
    }
    if (m.restore.estado !== 'en_curso')
      run.restoreState(m.restore.estado, m.restore.ahoraMs, m.restore.reporte);
  }
  if (m.recordEvents) run.onEvent = (e) => events.push(e);
  run.clock.anchor(m.wallMs);
  rt = run;
  flushHistory();
  const tick = tickOf(run, m.wallMs);
  send({ type: 'ready', tick }, [tick.airborne.buffer as ArrayBuffer]);
}

async function handle(m: ToWorker): Promise<void> {
  if (m.type === 'init') {
    await init(m);
  } else if (m.type === 'replay') {
    for (const e of JSON.parse(m.json) as RunEvent[]) replayed.push(e);
  } else if (!rt) {
    if (m.type === 'request')
      send({
        type: 'reply',
        id: m.id,
        ok: false,
        error: { status: 409, code: 'NO_DISPONIBLE', message: 'La simulación no está lista' },
      });
  } else if (m.type === 'owed') {
    for (const [destination, seq, releaseMin, quantity] of JSON.parse(m.json) as OrderTuple[]) {
      const key = orderKey(destination, seq);
      if (!rt.feed.seen.has(key)) owed.push({ key, destination, releaseMin, quantity });
    }
    if (m.last) {
      const list = owed;
      owed = [];
      if (rt.addLiveOrders(list) > 0) send({ type: 'snapshot', snapshot: snapshotOf(rt) });
    }
  } else if (m.type === 'orders') {
    // Live orders change the KPIs: the main thread's snapshot follows before any later answer.
    if (rt.addLiveOrders(m.orders) > 0) send({ type: 'snapshot', snapshot: snapshotOf(rt) });
  } else {
    const t0 = performance.now();
    try {
      const answered = answer(rt, m.query);
      const value = (
        m.query.kind === 'profile' ? { ...(answered as RunProfile), messagesMs } : answered
      ) as never;
      const transfer =
        m.query.kind === 'tick' ? [(value as { airborne: Float64Array }).airborne.buffer as ArrayBuffer] : [];
      if (CHANGES.has(m.query.kind)) send({ type: 'snapshot', snapshot: snapshotOf(rt) });
      // What the run stored so far reaches the main thread before the answer (a stop's last outcomes,
      // the orders archived before an export's list of hot ones).
      flushEvents();
      send({ type: 'reply', id: m.id, ok: true, value }, transfer);
      messagesMs += performance.now() - t0;
    } catch (error) {
      if (error instanceof RunQueryError)
        send({
          type: 'reply',
          id: m.id,
          ok: false,
          error: { status: error.status, code: error.code, message: error.message },
        });
      // A failed read leaves the run as it was; a failed move or change may not.
      else if (READS.has(m.query.kind)) {
        console.error(error);
        send({
          type: 'reply',
          id: m.id,
          ok: false,
          error: { status: 500, code: 'ERROR_INTERNO', message: 'Error interno del servidor' },
        });
      } else throw error;
    }
  }
  flushEvents();
  if (rt?.running && rt.clock.speed === null) void drive();
}

let queue = Promise.resolve();
port.on('message', (m: ToWorker) => {
  queue = queue.then(() => handle(m)).catch(fatal);
});
