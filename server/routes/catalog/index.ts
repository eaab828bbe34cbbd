import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import {
  type DailyFlightDto,
  DailyFlightListDto,
  errorResponses,
  ORDER_SEARCH_DEFAULT_LIMIT,
  OrderKeyListDto,
  OrderSearchQuery,
} from '../../../contract';
import { rowsOf } from '../../db/client';
import type { DailyFlight } from '../../domain/types';
import { listFlights } from '../../services/network';

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
  app.get(
    '/vuelos',
    {
      schema: {
        tags: ['red'],
        summary: 'Vuelos diarios del plan cargado',
        response: { 200: DailyFlightListDto, ...errorResponses() },
      },
    },
    async () => (await listFlights(app.db)).map(toDailyFlightDto),
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
      // The key is built exactly as orderKey() does: DEST-seq padded to 9 digits.
      const key = sql`(destination || '-' || lpad(seq::text, 9, '0'))`;
      const text = buscar.trim();
      const needle = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // Letters can only match the destination: those few destinations' orders are read in key
      // order (the primary key) instead of the whole table. Digits go to the trigram index.
      const letters = /[A-Za-z]+/.exec(text)?.[0];
      let inDestinations = sql``;
      if (letters) {
        const codes = rowsOf<{ code: string }>(
          await app.db.orm.execute(sql`SELECT code FROM airports WHERE code ILIKE ${`%${letters}%`}`),
        ).map((r) => r.code);
        if (codes.length === 0) return [];
        // A literal list (not a subquery): the planner then walks each destination's key range.
        const list = sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        );
        inDestinations = sql`AND destination = ANY(ARRAY[${list}]::text[])`;
      }
      const result = await app.db.orm.execute(
        sql`SELECT ${key} AS key FROM orders WHERE ${key} ILIKE ${needle} ${inDestinations}
            ORDER BY destination, seq LIMIT ${limit}`,
      );
      return rowsOf<{ key: string }>(result).map((r) => r.key);
    },
  );
};

export default catalogRoutes;
