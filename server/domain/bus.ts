import { EventEmitter } from 'node:events';
import type { OrderSource } from '../db/schema';

/** An order as stored, announced after its transaction commits. */
export interface StoredOrderEvent {
  /** orderKey(destination, seq), e.g. SPIM-000000123. */
  key: string;
  destination: string;
  seq: number;
  /** UTC epoch minutes when the order was placed. */
  releaseMin: number;
  quantity: number;
  clientId: string;
  source: OrderSource;
}

export interface AppEvents {
  'orders:added': [orders: StoredOrderEvent[]];
  /** Airports or flights were replaced; readers should reload the network. */
  'network:changed': [change: { kind: 'aereopuertos' | 'vuelos' }];
}

/** The app's event bus: services announce stored data on it; the simulation listens. */
export type AppBus = EventEmitter<AppEvents>;

export function createBus(): AppBus {
  const bus: AppBus = new EventEmitter<AppEvents>();
  // Simulation runs, SSE streams and tests may all listen; no leak warning for a handful.
  bus.setMaxListeners(100);
  return bus;
}
