import { expect, it } from 'vitest';
import type { ApiErrorDto } from '../../contract';
import { listOrdersBetween } from '../../server/services/orders';
import { airportsFile, smallAirports } from './fixtures';
import { buildTestApp, eachDatabase, upload } from './helpers';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const post = (app: App, url: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, payload });

const messages = (body: ApiErrorDto) => body.details?.map((d) => d.message);

eachDatabase('wire contract', (db) => {
  it('reads a JSON body as sent: a boolean or a text is not a quantity', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      for (const cantidad of [true, '2', null]) {
        const res = await post(app, '/api/pedidos', { clienteId: '5', aeropuerto: 'LIM', cantidad });
        expect(res.statusCode, JSON.stringify(cantidad)).toBe(400);
        const body = res.json<ApiErrorDto>();
        expect(body.code).toBe('VALIDACION');
        expect(messages(body)).toEqual(['cantidad debe ser de tipo número entero']);
      }
      const id = await post(app, '/api/pedidos', { clienteId: 77, aeropuerto: 'LIM', cantidad: 1 });
      expect(messages(id.json<ApiErrorDto>())).toEqual(['clienteId debe ser de tipo texto']);
      expect(await listOrdersBetween(app.db, 0, 2 ** 31 - 1)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('refuses a field the contract does not name, in a body or a query, and says which', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      const order = await post(app, '/api/pedidos', {
        clienteId: '5',
        aeropuerto: 'LIM',
        cantidad: 1,
        prioridad: 'alta',
      });
      expect(order.statusCode).toBe(400);
      expect(messages(order.json<ApiErrorDto>())).toEqual(['Campo no permitido: prioridad']);
      expect(await listOrdersBetween(app.db, 0, 2 ** 31 - 1)).toEqual([]);

      const run = await post(app, '/api/simulaciones', { modo: 'semanal', velocidad: 60, velocidd: 60 });
      expect(run.statusCode).toBe(400);
      expect(messages(run.json<ApiErrorDto>())).toEqual(['Campo no permitido: velocidd']);

      const preview = await app.inject('/api/aereopuertos/preview?linea=3');
      expect(preview.statusCode).toBe(400);
      expect(messages(preview.json<ApiErrorDto>())).toEqual(['Campo no permitido: linea']);
    } finally {
      await app.close();
    }
  });

  it('words every refusal in Spanish, also for a value that matches none of its alternatives', async () => {
    const app = await buildTestApp({ db });
    try {
      const speed = await post(app, '/api/simulaciones', { modo: 'semanal', velocidad: -1 });
      expect(speed.statusCode).toBe(400);
      expect(messages(speed.json<ApiErrorDto>())).toEqual([
        'velocidad debe ser mayor que 0',
        'velocidad debe ser uno de: max',
      ]);
      const word = await post(app, '/api/simulaciones', { modo: 'semanal', velocidad: 'rápido' });
      expect(messages(word.json<ApiErrorDto>())).toEqual([
        'velocidad debe ser de tipo número',
        'velocidad debe ser uno de: max',
      ]);
    } finally {
      await app.close();
    }
  });

  it('still reads numbers from a query string, and refuses text where a number goes', async () => {
    const app = await buildTestApp({ db });
    try {
      await upload(app, 'aereopuertos', 'a.txt', airportsFile(smallAirports()));
      const ok = await app.inject('/api/aereopuertos/preview?lines=2');
      expect(ok.statusCode).toBe(200);
      expect(ok.body.split('\n')).toHaveLength(2);
      const bad = await app.inject('/api/aereopuertos/preview?lines=dos');
      expect(bad.statusCode).toBe(400);
      expect(messages(bad.json<ApiErrorDto>())).toEqual(['lines debe ser de tipo número entero']);
    } finally {
      await app.close();
    }
  });

  it('describes requests in the OpenAPI document with the schemas the routes validate with', async () => {
    const app = await buildTestApp({ db });
    try {
      const doc = (await app.inject('/api/docs/json')).json<{
        paths: Record<
          string,
          Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
        >;
      }>();
      const order = doc.paths['/api/pedidos'].post.requestBody?.content['application/json'].schema;
      expect(order).toMatchObject({
        type: 'object',
        additionalProperties: false,
        required: ['clienteId', 'aeropuerto', 'cantidad'],
        properties: { cantidad: { type: 'integer' }, clienteId: { type: 'string' } },
      });
    } finally {
      await app.close();
    }
  });
});
