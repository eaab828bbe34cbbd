/** Every message between the main thread and a run's worker, typed in one place. */
import type {
  CollapseReportDto,
  ExceptionPageDto,
  FlightDetailDto,
  OrderDetailDto,
  RunKpisDto,
  RunProgressDto,
  RunResultDto,
  RunState,
  WarehouseContentsDto,
  WarehouseOccupancyDto,
} from '../../../contract';
import type { PlanOrder } from '../../planner/types';
import type { ClockState } from '../run/clock';
import type { RunEvent } from '../run/events';
import type { ExceptionsRequest, WarehouseRequest } from '../run/exceptions';
import type { OrderRow, RunSample } from '../run/history';
import type { RunInputs, RunSpec } from '../run/runtime';

/** What the main thread knows of a run between questions: enough for /simulaciones, /reloj and the strip. */
export interface RunSnapshot {
  estado: RunState;
  clock: ClockState;
  kpis: RunKpisDto;
  progreso: RunProgressDto;
  reporte: CollapseReportDto | null;
  /** Once the run stopped moving for good (terminada, colapsada, detenida). */
  resultado: RunResultDto | null;
}

/** A tick's answer: the snapshot and the flights in the air as (daily flight index, departure, load) triples. */
export interface TickResult {
  snapshot: RunSnapshot;
  airborne: Float64Array;
}

export interface CancelReply {
  /** 'SKBO-LEMD-06:00 del 2025-12-23 11:00 UTC' */
  label: string;
  affected: { pedido: string; estado: OrderDetailDto['estado'] }[];
}

export interface CancelManyReply {
  results: { ok: boolean; reason?: string; affected: string[] }[];
}

export interface SummaryReply {
  kpis: RunKpisDto;
  almacenes: WarehouseOccupancyDto[];
  utilizacionVuelos: number;
}

/** Questions and commands that expect an answer. */
export type RunQuery =
  | { kind: 'tick'; wallMs: number }
  | { kind: 'snapshot' }
  | { kind: 'pause'; wallMs: number }
  | { kind: 'resume'; wallMs: number }
  | { kind: 'speed'; speed: number | null; wallMs: number }
  | { kind: 'stop'; wallMs: number }
  | { kind: 'summary' }
  | { kind: 'warehouses' }
  | { kind: 'flight'; ref: string }
  | { kind: 'order'; key: string; clienteId: string }
  | { kind: 'exceptions'; request: ExceptionsRequest }
  | { kind: 'warehouse'; request: WarehouseRequest }
  | { kind: 'cancel'; ref: string }
  | { kind: 'cancelMany'; items: { flightId: string; depMin: number }[] }
  | { kind: 'profile' }
  // Exports: the orders still hot in the planner (the stored ones come from the database), page by page.
  | { kind: 'exportStart' }
  | { kind: 'exportPage'; cursor: number; limit: number }
  | { kind: 'exportEnd'; cursor: number };

export interface QueryResults {
  tick: TickResult;
  snapshot: RunSnapshot;
  pause: RunSnapshot;
  resume: RunSnapshot;
  speed: RunSnapshot;
  stop: RunSnapshot;
  summary: SummaryReply;
  warehouses: WarehouseOccupancyDto[];
  flight: FlightDetailDto;
  order: OrderDetailDto | null;
  exceptions: ExceptionPageDto;
  warehouse: WarehouseContentsDto | null;
  cancel: CancelReply;
  cancelMany: CancelManyReply;
  profile: RunProfile;
  exportStart: ExportStart;
  exportPage: OrderRow[];
  exportEnd: null;
}

/** The hot orders at the instant asked, released first: the database's copies of them are skipped. */
export interface ExportStart {
  cursor: number;
  keys: string[];
}

/** Where a run's worker spent its time (wall ms): the collapse benchmark prints it. */
export interface RunProfile {
  /** Inside the planner (advance + addOrders). */
  planningMs: number;
  /** Making the synthetic days of demand. */
  demandMs: number;
  /** Max-speed slices minus the two above: feed, ledger, usage samples, collapse checks. */
  bookkeepingMs: number;
  /** Building and sending progress snapshots and answers. */
  messagesMs: number;
}

export type QueryKind = RunQuery['kind'];

/** A resumed run: its stored events and where it had got to. */
export interface RestorePoint {
  events: RunEvent[];
  ahoraMs: number;
  estado: RunState;
  reporte: CollapseReportDto | null;
}

export type ToWorker =
  | {
      type: 'init';
      spec: RunSpec;
      inputs: RunInputs;
      restore: RestorePoint | null;
      /** The wall instant the paced clock starts from. */
      wallMs: number;
      /** Announce live orders and cancellations (stored runs; the real-time view is not stored). */
      recordEvents: boolean;
    }
  /**
   * A page of a restored run's stored event log as read (JSON text of a RunEvent[]), sent ahead of its
   * init: the worker parses it, so the main thread never holds a long log as objects.
   */
  | { type: 'replay'; json: string }
  /**
   * After a restored daily operation's init: orders stored after its inputs were read and older than its
   * window, a page at a time (JSON text of OrderTuple rows, as ordersAfterId reads them). Those its log
   * did not plan are planned live once the last page is in.
   */
  | { type: 'owed'; json: string; last: boolean }
  | { type: 'orders'; orders: PlanOrder[] }
  | { type: 'request'; id: number; query: RunQuery };

/** An error meant for the operator, carried across the thread boundary. */
export interface WireError {
  status: number;
  code: string;
  message: string;
}

export type FromWorker =
  | { type: 'ready'; tick: TickResult }
  | { type: 'reply'; id: number; ok: true; value: QueryResults[QueryKind] }
  | { type: 'reply'; id: number; ok: false; error: WireError }
  | { type: 'snapshot'; snapshot: RunSnapshot }
  | { type: 'events'; events: RunEvent[] }
  /**
   * Hourly samples and final order plans to store (sent before any later answer); the plans as JSON text
   * of an OrderRow[], HISTORY_BATCH at most.
   */
  | { type: 'history'; samples: RunSample[]; orders: string | null }
  | { type: 'failed'; message: string };

/** Thrown inside the worker for answers such as 404/409; reaches the client as an ApiError. */
export class RunQueryError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
