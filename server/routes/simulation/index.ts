import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  errorResponses,
  HistoryQuery,
  IdParams,
  ModeQuery,
  OrderRangeDto,
  RelojDto,
  RunDto,
  RunListDto,
  RunParametersDto,
  SpeedPayload,
  StartRunHeaders,
  StartRunPayload,
} from '../../../contract';
import { epochMinToIso } from '../../domain/convert';
import { orderRange } from '../../services/orders';
import { leaderOnly } from '../../simulation/cluster/forward';
import { defaultGrowthLaw, SPEED_PRESETS } from '../../simulation/options';
import historyRoutes from './history';

const tags = ['simulacion'];

/** Runs (one current per mode, the history of all), their controls, and the simulated clock. */
const simulationRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const runs = app.simulation.runs;
  await app.register(historyRoutes);
  // Calls a run's leader must answer (several instances on one PostgreSQL).
  const byBody = leaderOnly((request) => (request.body as StartRunPayload).modo);
  const byRun = leaderOnly((request) => app.simulation.modeOfRun((request.params as { id: string }).id));

  app.post(
    '/simulaciones',
    {
      schema: {
        tags,
        summary:
          'Inicia la simulación de un modo. 409 si ya hay una en curso o pausada (salvo reemplazar: true); la misma cabecera Idempotency-Key en 10 minutos responde 200 con la simulación que inició',
        body: StartRunPayload,
        headers: StartRunHeaders,
        response: { 200: RunDto, 201: RunDto, ...errorResponses(400, 409) },
      },
      preHandler: byBody,
    },
    async (request, reply) => {
      const { status, run } = await runs.start(request.body, request.headers['idempotency-key']);
      return reply.status(status).send(run);
    },
  );

  app.get(
    '/simulaciones',
    {
      schema: {
        tags,
        summary: 'La simulación actual de cada modo (la última iniciada, también si ya terminó)',
        response: { 200: RunListDto, ...errorResponses() },
      },
    },
    async () => runs.list(),
  );

  app.get(
    '/simulaciones/historial',
    {
      schema: {
        tags,
        summary: 'Simulaciones guardadas, la más reciente primero, con su resumen o reporte',
        querystring: HistoryQuery,
        response: { 200: RunListDto, ...errorResponses(400) },
      },
    },
    async (request) => runs.history(request.query.modo, request.query.limite ?? 20),
  );

  app.get(
    '/simulaciones/parametros',
    {
      schema: {
        tags,
        summary:
          'Velocidades propuestas, velocidad por defecto de cada modo y ley de crecimiento por defecto',
        response: { 200: RunParametersDto, ...errorResponses() },
      },
    },
    async () => ({
      velocidades: SPEED_PRESETS,
      velocidadPorDefecto: { semanal: app.simulation.options.defaultSpeed, colapso: 'max' as const },
      crecimiento: defaultGrowthLaw(app.simulation.options.growth),
    }),
  );

  app.get(
    '/simulaciones/:id',
    {
      schema: {
        tags,
        summary: 'Estado, KPI, progreso, resumen y reporte de colapso de una simulación (actual o pasada)',
        params: IdParams,
        response: { 200: RunDto, ...errorResponses(404) },
      },
    },
    async (request) => runs.get(request.params.id),
  );

  app.post(
    '/simulaciones/:id/pausar',
    {
      schema: {
        tags,
        summary: 'Pausa una simulación en curso: su reloj se detiene',
        params: IdParams,
        response: { 200: RunDto, ...errorResponses(404, 409) },
      },
      preHandler: byRun,
    },
    async (request) => runs.pause(request.params.id),
  );

  app.post(
    '/simulaciones/:id/reanudar',
    {
      schema: {
        tags,
        summary: 'Reanuda una simulación pausada desde donde quedó',
        params: IdParams,
        response: { 200: RunDto, ...errorResponses(404, 409) },
      },
      preHandler: byRun,
    },
    async (request) => runs.resume(request.params.id),
  );

  app.patch(
    '/simulaciones/:id',
    {
      schema: {
        tags,
        summary: 'Cambia la velocidad de una simulación en curso o pausada (no la operación diaria)',
        params: IdParams,
        body: SpeedPayload,
        response: { 200: RunDto, ...errorResponses(400, 404, 409) },
      },
      preHandler: byRun,
    },
    async (request) => runs.setSpeed(request.params.id, request.body.velocidad),
  );

  app.delete(
    '/simulaciones/:id',
    {
      schema: {
        tags,
        summary: 'Detiene una simulación (queda guardada como detenida, con su resumen)',
        params: IdParams,
        response: { 200: RunDto, ...errorResponses(404) },
      },
      preHandler: byRun,
    },
    async (request) => runs.stop(request.params.id),
  );

  app.get(
    '/reloj',
    {
      schema: {
        tags,
        summary: 'Hora simulada del modo (tiempo real si no hay simulación de ese modo)',
        querystring: ModeQuery,
        response: { 200: RelojDto, ...errorResponses(400) },
      },
    },
    async (request) => app.simulation.clock(request.query.modo ?? 'operacion'),
  );

  app.get(
    '/pedidos/rango',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'Primer y último instante de los pedidos cargados (UTC) y cuántos hay',
        response: { 200: OrderRangeDto, ...errorResponses() },
      },
    },
    async () => {
      const r = await orderRange(app.db);
      return r
        ? { primero: epochMinToIso(r.fromMin), ultimo: epochMinToIso(r.toMin), pedidos: r.count }
        : { primero: null, ultimo: null, pedidos: 0 };
    },
  );
};

export default simulationRoutes;
