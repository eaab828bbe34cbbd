import type { FastifyPluginAsync } from 'fastify';
import type { AirportDto } from '../../../src/api/contract';
import { errorResponses } from '../../schemas/common';
import { airportListSchema } from '../../schemas/network';
import { listAirports, toAirportDto } from '../../services/network';

const airportsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Reply: AirportDto[] }>(
    '/aereopuertos',
    {
      schema: {
        tags: ['red'],
        summary: 'Aeropuertos del archivo actual (sede según la configuración)',
        response: { 200: airportListSchema, ...errorResponses() },
      },
    },
    async () => (await listAirports(app.db)).map((a) => toAirportDto(a, app.config.sedes)),
  );
};

export default airportsRoutes;
