import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  type DailyFlightDto,
  DailyFlightListDto,
  errorResponses,
  ORDER_SEARCH_DEFAULT_LIMIT,
  OrderKeyListDto,
  OrderSearchQuery,
} from '../../../contract';
import type { DailyFlight } from '../../domain/types';
import { currentFile } from '../../services/files';
import { listFlights } from '../../services/network';
import { searchOrderKeys } from '../../services/orderKeys';

/** Catalog lists for the filter panel's pick lists (Vuelo, Pedido); warehouses come from /aereopuertos. */

const hhmm = (min: number) =>
  `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

export const toDailyFlightDto = (f: DailyFlight): DailyFlightDto => ({
  id: f.id,
  origen: f.origin,
  destino: f.destination,
  salida: hhmm(f.depLocal),
  llegada: hhmm(f.arrLocal),
  capacidad: f.capacity,
});

const catalogRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Every screen asks for the plan's flights; they change only with a new flights file, so the list is
  // kept per stored file (its id, read on each call, also tells of a replacement by another instance).
  let flightsOfFile: { fileId: number; list: DailyFlightDto[] } | undefined;
  app.get(
    '/vuelos',
    {
      schema: {
        tags: ['red'],
        summary: 'Vuelos diarios del plan cargado',
        response: { 200: DailyFlightListDto, ...errorResponses() },
      },
    },
    async () => {
      const file = await currentFile(app.db.orm, 'vuelos');
      if (file && flightsOfFile?.fileId === file.id) return flightsOfFile.list;
      const list = (await listFlights(app.db)).map(toDailyFlightDto);
      if (file) flightsOfFile = { fileId: file.id, list };
      return list;
    },
  );

  app.get(
    '/pedidos',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'Claves de pedidos (DEST-secuencia) que contienen el texto buscado, en orden',
        querystring: OrderSearchQuery,
        response: { 200: OrderKeyListDto, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { buscar = '', limit = ORDER_SEARCH_DEFAULT_LIMIT } = request.query;
      return searchOrderKeys(app.db.orm, buscar, limit);
    },
  );
};

export default catalogRoutes;
