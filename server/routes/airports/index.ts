import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { AirportListDto, errorResponses } from '../../../contract';
import { listAirports, toAirportDto } from '../../services/network';

const airportsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/aereopuertos',
    {
      schema: {
        tags: ['red'],
        summary: 'Aeropuertos del archivo actual (sede según la configuración)',
        response: { 200: AirportListDto, ...errorResponses() },
      },
    },
    async () => (await listAirports(app.db)).map((a) => toAirportDto(a, app.config.sedes)),
  );
};

export default airportsRoutes;
