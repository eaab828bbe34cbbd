import { describe, expect, it, vi } from 'vitest';
import { buildUrl, request } from './client';

const noSleep = () => Promise.resolve();

function answers(...responses: (Response | Error)[]) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    const next = responses.shift();
    if (!next) throw new Error('sin más respuestas');
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('HTTP wrapper', () => {
  it('builds /api URLs with the query', () => {
    expect(buildUrl('vuelos/live', { limit: 200, modo: undefined })).toBe('/api/vuelos/live?limit=200');
    expect(buildUrl('/pedidos')).toBe('/api/pedidos');
  });

  it('returns [result, null] on success', async () => {
    const { fetchImpl } = answers(json(200, [{ codigo: 'SPIM' }]));
    const [result, error] = await request('GET', 'aereopuertos', { fetchImpl, sleep: noSleep });
    expect(error).toBeNull();
    expect(result).toEqual([{ codigo: 'SPIM' }]);
  });

  it("takes the message from the body's message field", async () => {
    const { fetchImpl } = answers(
      json(400, {
        message: 'Línea 3: capacidad inválida',
        code: 'INVALID_FILE',
        details: [{ line: 3, message: 'x' }],
      }),
    );
    const [, error] = await request('POST', 'vuelos/upload', { fetchImpl, sleep: noSleep });
    expect(error).toEqual({
      status: 400,
      message: 'Línea 3: capacidad inválida',
      code: 'INVALID_FILE',
      details: [{ line: 3, message: 'x' }],
    });
  });

  it('falls back to the body text, then to "Error desconocido"', async () => {
    const text = answers(new Response('Aeropuerto desconocido', { status: 404 }));
    expect((await request('GET', 'x', { fetchImpl: text.fetchImpl, sleep: noSleep }))[1]?.message).toBe(
      'Aeropuerto desconocido',
    );
    const empty = answers(new Response('', { status: 404, statusText: 'Not Found' }));
    expect((await request('GET', 'x', { fetchImpl: empty.fetchImpl, sleep: noSleep }))[1]?.message).toBe(
      'Error desconocido Not Found',
    );
  });

  it('reports network errors with status 0', async () => {
    const { fetchImpl } = answers(
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
    );
    const [result, error] = await request('GET', 'aereopuertos', { fetchImpl, sleep: noSleep });
    expect(result).toBeNull();
    expect(error?.status).toBe(0);
    expect(error?.message).toBe('Error desconocido Failed to fetch');
  });

  it('retries a GET up to 2 times on 503, then succeeds', async () => {
    const { fetchImpl, calls } = answers(
      json(503, { message: 'ocupado' }),
      json(502, {}),
      json(200, { ok: true }),
    );
    const [result] = await request('GET', 'vuelos/status', { fetchImpl, sleep: noSleep });
    expect(result).toEqual({ ok: true });
    expect(calls).toHaveLength(3);
  });

  it('gives up after 2 retries and returns the last error', async () => {
    const { fetchImpl, calls } = answers(
      json(500, { message: 'a' }),
      json(500, { message: 'b' }),
      json(504, { message: 'c' }),
    );
    const [, error] = await request('DELETE', 'simulaciones/1', { fetchImpl, sleep: noSleep });
    expect(calls).toHaveLength(3);
    expect(error).toMatchObject({ status: 504, message: 'c' });
  });

  it('never retries statuses outside 408/500/502/503/504', async () => {
    const { fetchImpl, calls } = answers(json(409, { message: 'ya despegó' }));
    await request('PUT', 'x', { fetchImpl, sleep: noSleep });
    expect(calls).toHaveLength(1);
  });

  it('never retries a POST that creates something (an order), unless marked idempotent', async () => {
    const order = answers(json(503, { message: 'ocupado' }));
    await request('POST', 'pedidos', {
      body: { clienteId: '1' },
      fetchImpl: order.fetchImpl,
      sleep: noSleep,
    });
    expect(order.calls).toHaveLength(1);
    const upload = answers(json(503, {}), json(200, { message: 'ok' }));
    const [result] = await request('POST', 'vuelos/upload', {
      idempotent: true,
      fetchImpl: upload.fetchImpl,
      sleep: noSleep,
    });
    expect(result).toEqual({ message: 'ok' });
    expect(upload.calls).toHaveLength(2);
  });

  it('times out after the configured time with status 0', async () => {
    const fetchImpl = ((_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      })) as typeof fetch;
    const [, error] = await request('POST', 'pedidos', { fetchImpl, timeoutMs: 20, sleep: noSleep });
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('does not ask a server that timed out again, so a hung server shows its error after one timeout', async () => {
    let calls = 0;
    const fetchImpl = ((_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        calls++;
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      })) as typeof fetch;
    const [, error] = await request('GET', 'aereopuertos', { fetchImpl, timeoutMs: 20, sleep: noSleep });
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(calls).toBe(1);
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const { fetchImpl, calls } = answers(new Response('Pedido registrado', { status: 200 }));
    const [text] = await request<string>('POST', 'pedidos', {
      body: { clienteId: '0007729', aeropuerto: 'SPIM', cantidad: 2 },
      responseType: 'text',
      fetchImpl,
      sleep: noSleep,
    });
    expect(text).toBe('Pedido registrado');
    expect(calls[0].init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({
      clienteId: '0007729',
      aeropuerto: 'SPIM',
      cantidad: 2,
    });
  });
});

describe('one layer of retries', () => {
  it('leaves HTTP failures to the wrapper and retries only what it never saw', async () => {
    const { shouldRetryQuery } = await import('./queryClient');
    const retry = shouldRetryQuery(2);
    expect(retry(0, { status: 503, message: 'x' })).toBe(false);
    expect(retry(0, { status: 0, message: 'x', code: 'TIMEOUT' })).toBe(false);
    expect(retry(0, new SyntaxError('Unexpected token'))).toBe(true);
    expect(retry(2, new SyntaxError('Unexpected token'))).toBe(false);
  });
});
