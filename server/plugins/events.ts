import fp from 'fastify-plugin';
import { type AppBus, createBus } from '../domain/bus';

// Services import the bus types from domain/bus; these names stay for the files that still read them here.
export type { AppBus, AppEvents, StoredOrderEvent } from '../domain/bus';

declare module 'fastify' {
  interface FastifyInstance {
    bus: AppBus;
  }
}

/** Decorates `app.bus`, the one event bus of the app. */
export const eventsPlugin = fp(
  async (app) => {
    const bus = createBus();
    app.decorate('bus', bus);
    app.addHook('onClose', async () => {
      bus.removeAllListeners();
    });
  },
  { name: 'events', fastify: '5.x' },
);
