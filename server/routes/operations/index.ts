import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  CancellationDto,
  CancellationFileDto,
  ExceptionPageDto,
  ExceptionQuery,
  errorResponses,
  FlightDetailDto,
  IdParams,
  ModeQuery,
  OrderDetailDto,
  type RunMode,
  RunSummaryDto,
  WarehouseContentsDto,
  WarehouseContentsQuery,
  WarehouseListDto,
} from '../../../contract';
import { leaderOnly } from '../../simulation/cluster/forward';
import { REALTIME_ID } from '../../simulation/realtime';
import { receiveUpload } from '../files/receive';

/** What the operation screens read: run summary, warehouses, a flight, an order; and cancellations. */
const operationsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, {
    limits: { fileSize: app.config.uploadLimitBytes, files: 1, fields: 10, parts: 20 },
  });

  // Calls a run's leader must answer (several instances on one PostgreSQL).
  const byRun = leaderOnly((request) => app.simulation.modeOfRun((request.params as { id: string }).id));
  const byRunOrView = leaderOnly((request) => {
    const { id } = request.params as { id: string };
    return id === REALTIME_ID ? 'operacion' : app.simulation.modeOfRun(id);
  });
  const byScreen = leaderOnly((request) =>
    app.simulation.modeOfScreen((request.query as { modo?: RunMode } | undefined)?.modo),
  );

  app.get(
    '/simulaciones/:id/resumen',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Resumen de una simulación: pedidos, entregas, productos en vuelo, almacenes, uso de vuelos',
        params: IdParams,
        response: { 200: RunSummaryDto, ...errorResponses(404, 409) },
      },
      preHandler: byRun,
    },
    async (request) => app.simulation.queries.summary(request.params.id),
  );

  app.get(
    '/simulaciones/:id/excepciones',
    {
      schema: {
        tags: ['simulacion'],
        summary:
          "Pedidos atrasados, sin ruta o en riesgo (holgura bajo el umbral) de una simulación abierta ('tiempo-real': la operación diaria sin simulación), con el motivo del planificador",
        params: IdParams,
        querystring: ExceptionQuery,
        response: { 200: ExceptionPageDto, ...errorResponses(400, 404, 409) },
      },
      preHandler: byRunOrView,
    },
    async (request) => app.simulation.queries.exceptions(request.params.id, request.query),
  );

  app.get(
    '/almacenes/:id',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Qué espera ahora en el almacén de un aeropuerto (código ICAO), pedido a pedido',
        params: IdParams,
        querystring: WarehouseContentsQuery,
        response: { 200: WarehouseContentsDto, ...errorResponses(400, 404, 409) },
      },
      preHandler: byScreen,
    },
    async (request) =>
      app.simulation.queries.warehouseContents(request.params.id.toUpperCase(), request.query),
  );

  app.get(
    '/almacenes',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Ocupación de cada almacén en la hora simulada del modo',
        querystring: ModeQuery,
        response: { 200: WarehouseListDto, ...errorResponses(400, 409) },
      },
      preHandler: byScreen,
    },
    async (request) => app.simulation.queries.warehouses(request.query.modo),
  );

  app.get(
    '/vuelos/:id',
    {
      schema: {
        tags: ['simulacion'],
        summary:
          'Carga y pedidos a bordo de un vuelo (ORIG-DEST-HH:MM@minuto, o solo el código: el vuelo actual o el próximo)',
        params: IdParams,
        querystring: ModeQuery,
        response: { 200: FlightDetailDto, ...errorResponses(400, 404, 409) },
      },
      preHandler: byScreen,
    },
    async (request) => app.simulation.queries.flight(request.params.id, request.query.modo),
  );

  app.get(
    '/pedidos/:id',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Envíos, tramos, ubicación actual y estado de plazo de un pedido',
        params: IdParams,
        querystring: ModeQuery,
        response: { 200: OrderDetailDto, ...errorResponses(400, 404, 409) },
      },
      preHandler: byScreen,
    },
    async (request) => app.simulation.queries.order(request.params.id, request.query.modo),
  );

  app.post(
    '/vuelos/:id/cancelar',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Cancela un vuelo antes de su despegue y replanifica los productos afectados',
        params: IdParams,
        querystring: ModeQuery,
        response: { 200: CancellationDto, ...errorResponses(400, 404, 409) },
      },
      preHandler: byScreen,
    },
    async (request) => app.simulation.cancellations.cancelFlight(request.params.id, request.query.modo),
  );

  app.post(
    '/cancelaciones/upload',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Archivo de cancelaciones (dd.ORIG-DEST-HH:MM, días del mes simulado en curso)',
        querystring: ModeQuery,
        consumes: ['multipart/form-data'],
        response: { 200: CancellationFileDto, ...errorResponses(400, 409, 413, 415) },
      },
      preHandler: byScreen,
    },
    async (request) => {
      const file = await receiveUpload(request, 'cancelaciones', app.config.uploadLimitBytes);
      try {
        const { filename, bytes } = await file.whole();
        return await app.simulation.cancellations.cancelFile(filename, bytes, request.query.modo);
      } finally {
        await file.dispose();
      }
    },
  );
};

export default operationsRoutes;
