import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
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

export type AppBus = EventEmitter<AppEvents>;

declare module 'fastify' {
  interface FastifyInstance {
    bus: AppBus;
  }
}

export const eventsPlugin = fp(
  async (app) => {
    const bus: AppBus = new EventEmitter<AppEvents>();
    // Simulation runs, SSE streams and tests may all listen; no leak warning for a handful.
    bus.setMaxListeners(100);
    app.decorate('bus', bus);
    app.addHook('onClose', async () => {
      bus.removeAllListeners();
    });
  },
  { name: 'events', fastify: '5.x' },
);
