import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  BinaryBody,
  CsvQuery,
  errorResponses,
  IdParams,
  ReportQuery,
  RunSeriesDto,
  SeriesQuery,
} from '../../../contract';
import { contentDisposition } from '../../services/files';
import { leaderOnly } from '../../simulation/cluster/forward';
import {
  downloadName,
  kpisCsv,
  ordersCsv,
  planLines,
  reportText,
  requireOrders,
} from '../../simulation/downloads';
import { runRow, runSeries } from '../../simulation/series';

const tags = ['simulacion'];

/** Sends a download: a stream (written as it is read) or a small text, with a safe file name. */
function download(reply: FastifyReply, name: string, type: string, body: AsyncIterable<string> | string) {
  reply.header('Content-Disposition', contentDisposition(name)).type(type);
  return reply.send(typeof body === 'string' ? body : Readable.from(body));
}

/** A run's history: its charts' series and its downloads (plan, orders, KPI history, report). */
const historyRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const runs = app.simulation.runs;
  // Downloads merge the stored plans with the worker's hot ones: the run's leader answers them.
  const byRun = leaderOnly((request) => app.simulation.modeOfRun((request.params as { id: string }).id));
  const csvOptions = (q: CsvQuery) => ({ separador: q.separador ?? 'puntoycoma', bom: q.bom ?? true });

  app.get(
    '/simulaciones/:id/serie',
    {
      schema: {
        tags,
        summary:
          'Historia de una simulación (actual o pasada), una muestra por hora simulada: % a tiempo de los entregados, pedidos en tránsito, productos en vuelo y ocupación de cada almacén',
        params: IdParams,
        querystring: SeriesQuery,
        response: { 200: RunSeriesDto, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      runSeries(runs, app.simulation.options.levels, request.params.id, request.query.aeropuerto),
  );

  app.get(
    '/simulaciones/:id/descargas/plan',
    {
      schema: {
        tags,
        summary:
          'El plan en JSON lines, un envío por línea: {"order","qty","legs":[{"flight","dep"}]} (se escribe a medida que se lee)',
        params: IdParams,
        produces: ['application/x-ndjson'],
        response: { 200: BinaryBody, ...errorResponses(404, 409) },
      },
      preHandler: byRun,
    },
    async (request, reply) => {
      const row = await requireOrders(runs, request.params.id);
      return download(
        reply,
        downloadName(row, 'plan', 'jsonl'),
        'application/x-ndjson; charset=utf-8',
        planLines(runs, row.id),
      );
    },
  );

  app.get(
    '/simulaciones/:id/descargas/pedidos',
    {
      schema: {
        tags,
        summary:
          'Los pedidos en CSV: estado a la hora de la simulación, plazo, entrega y ruta (separador ; o , y marca UTF-8 opcionales)',
        params: IdParams,
        querystring: CsvQuery,
        produces: ['text/csv'],
        response: { 200: BinaryBody, ...errorResponses(400, 404, 409) },
      },
      preHandler: byRun,
    },
    async (request, reply) => {
      const row = await requireOrders(runs, request.params.id);
      return download(
        reply,
        downloadName(row, 'pedidos', 'csv'),
        'text/csv; charset=utf-8',
        ordersCsv(runs, row, csvOptions(request.query)),
      );
    },
  );

  app.get(
    '/simulaciones/:id/descargas/kpis',
    {
      schema: {
        tags,
        summary:
          'La historia de los KPI en CSV, una línea por hora simulada, con la ocupación de cada almacén',
        params: IdParams,
        querystring: CsvQuery,
        produces: ['text/csv'],
        response: { 200: BinaryBody, ...errorResponses(400, 404) },
      },
      preHandler: byRun,
    },
    async (request, reply) => {
      const row = await runRow(runs, request.params.id);
      return download(
        reply,
        downloadName(row, 'kpis', 'csv'),
        'text/csv; charset=utf-8',
        await kpisCsv(runs, row.id, csvOptions(request.query)),
      );
    },
  );

  app.get(
    '/simulaciones/:id/descargas/reporte',
    {
      schema: {
        tags,
        summary: 'El reporte de la simulación: KPI, resumen y colapso, en JSON o en texto legible',
        params: IdParams,
        querystring: ReportQuery,
        produces: ['application/json', 'text/plain'],
        response: { 200: BinaryBody, ...errorResponses(400, 404) },
      },
      preHandler: byRun,
    },
    async (request, reply) => {
      const row = await runRow(runs, request.params.id);
      const run = await runs.get(row.id);
      return request.query.formato === 'texto'
        ? download(reply, downloadName(row, 'reporte', 'txt'), 'text/plain; charset=utf-8', reportText(run))
        : download(
            reply,
            downloadName(row, 'reporte', 'json'),
            'application/json; charset=utf-8',
            `${JSON.stringify(run, null, 2)}\n`,
          );
    },
  );
};

export default historyRoutes;
