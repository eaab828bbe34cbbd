import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type {
  FlightDetailDto,
  OrderDetailDto,
  RunMode,
  RunSummaryDto,
  WarehouseOccupancyDto,
} from '../../../src/api/contract';
import { ApiError } from '../../plugins/errors';
import { errorResponses } from '../../schemas/common';
import {
  cancellationFileSchema,
  cancellationSchema,
  flightDetailSchema,
  idParamsSchema,
  modeQuerySchema,
  orderDetailSchema,
  summarySchema,
  warehouseListSchema,
} from '../../simulation/schemas';

type ModeQuery = { Querystring: { modo?: RunMode } };

/** What the operation screens read: run summary, warehouses, a flight, an order; and cancellations. */
const operationsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: app.config.uploadLimitBytes, files: 1, fields: 10, parts: 20 },
  });

  app.get<{ Params: { id: string }; Reply: RunSummaryDto }>(
    '/simulaciones/:id/resumen',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Resumen de una simulación: pedidos, entregas, productos en vuelo, almacenes, uso de vuelos',
        params: idParamsSchema,
        response: { 200: summarySchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => app.simulation.summary(request.params.id),
  );

  app.get<ModeQuery & { Reply: WarehouseOccupancyDto[] }>(
    '/almacenes',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Ocupación de cada almacén en la hora simulada del modo',
        querystring: modeQuerySchema,
        response: { 200: warehouseListSchema, ...errorResponses(400, 409) },
      },
    },
    async (request) => app.simulation.warehouses(request.query.modo),
  );

  app.get<ModeQuery & { Params: { id: string }; Reply: FlightDetailDto }>(
    '/vuelos/:id',
    {
      schema: {
        tags: ['simulacion'],
        summary:
          'Carga y pedidos a bordo de un vuelo (ORIG-DEST-HH:MM@minuto, o solo el código: el vuelo actual o el próximo)',
        params: idParamsSchema,
        querystring: modeQuerySchema,
        response: { 200: flightDetailSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => app.simulation.flight(request.params.id, request.query.modo),
  );

  app.get<ModeQuery & { Params: { id: string }; Reply: OrderDetailDto }>(
    '/pedidos/:id',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Envíos, tramos, ubicación actual y estado de plazo de un pedido',
        params: idParamsSchema,
        querystring: modeQuerySchema,
        response: { 200: orderDetailSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => app.simulation.order(request.params.id, request.query.modo),
  );

  app.post<ModeQuery & { Params: { id: string } }>(
    '/vuelos/:id/cancelar',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Cancela un vuelo antes de su despegue y replanifica los productos afectados',
        params: idParamsSchema,
        querystring: modeQuerySchema,
        response: { 200: cancellationSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => app.simulation.cancelFlight(request.params.id, request.query.modo),
  );

  app.post<ModeQuery>(
    '/cancelaciones/upload',
    {
      schema: {
        tags: ['simulacion'],
        summary: 'Archivo de cancelaciones (dd.ORIG-DEST-HH:MM, días del mes simulado en curso)',
        querystring: modeQuerySchema,
        consumes: ['multipart/form-data'],
        response: { 200: cancellationFileSchema, ...errorResponses(400, 409, 413, 415) },
      },
    },
    async (request) => {
      const part = await request.file();
      if (part?.fieldname !== 'file')
        throw new ApiError(
          400,
          'FALTA_ARCHIVO',
          'Falta el archivo: envía un formulario multipart con el campo file',
        );
      const bytes = await part.toBuffer();
      return app.simulation.cancelFile(part.filename || 'cancelaciones.txt', bytes, request.query.modo);
    },
  );
};

export default operationsRoutes;
