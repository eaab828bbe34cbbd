import type { FastifyPluginAsync } from 'fastify';
import type { RelojDto, RunDto, RunMode, StartRunPayload } from '../../../src/api/contract';
import { errorResponses } from '../../schemas/common';
import {
  clockSchema,
  idParamsSchema,
  modeQuerySchema,
  runListSchema,
  runSchema,
  startRunSchema,
} from '../../simulation/schemas';

/** Runs (one current per mode) and the simulated clock. */
const simulationRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: StartRunPayload & { semilla?: number }; Reply: RunDto }>(
    '/simulaciones',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Inicia (o reemplaza) la simulación de un modo: operacion, semanal o colapso',
        body: startRunSchema,
        response: { 201: runSchema, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await app.simulation.startRun(request.body)),
  );

  app.get<{ Reply: RunDto[] }>(
    '/simulaciones',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Simulaciones actuales (una por modo como máximo)',
        response: { 200: runListSchema, ...errorResponses() },
      },
    },
    async () => app.simulation.list(),
  );

  app.get<{ Params: { id: string }; Reply: RunDto }>(
    '/simulaciones/:id',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Estado, KPI y reporte de colapso de una simulación',
        params: idParamsSchema,
        response: { 200: runSchema, ...errorResponses(404) },
      },
    },
    async (request) => app.simulation.get(request.params.id),
  );

  app.delete<{ Params: { id: string }; Reply: RunDto }>(
    '/simulaciones/:id',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Detiene una simulación (queda guardada como detenida)',
        params: idParamsSchema,
        response: { 200: runSchema, ...errorResponses(404) },
      },
    },
    async (request) => app.simulation.stop(request.params.id),
  );

  app.get<{ Querystring: { modo?: RunMode }; Reply: RelojDto }>(
    '/reloj',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Hora simulada del modo (tiempo real si no hay simulación de ese modo)',
        querystring: modeQuerySchema,
        response: { 200: clockSchema, ...errorResponses(400) },
      },
    },
    async (request) => app.simulation.clock(request.query.modo ?? 'operacion'),
  );
};

export default simulationRoutes;
