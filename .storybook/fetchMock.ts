/**
 * Stories never touch the network: a story lists answers per API path in `parameters.api`, and this
 * replaces window.fetch while the story is mounted. Unlisted /api calls answer 404 so a missing
 * fixture shows up as an error state instead of a hanging request.
 */
export interface ApiResponseFixture {
  status?: number;
  json?: unknown;
  text?: string;
  delayMs?: number;
  headers?: Record<string, string>;
}

export type ApiAnswer =
  | ApiResponseFixture
  | ((request: {
      url: URL;
      method: string;
      body: BodyInit | null | undefined;
    }) => ApiResponseFixture | Promise<ApiResponseFixture>);

export type ApiFixtures = Record<string, ApiAnswer>;

const realFetch = globalThis.fetch.bind(globalThis);

function match(fixtures: ApiFixtures, method: string, url: URL): ApiAnswer | undefined {
  const path = url.pathname.replace(/^\/api\//, '');
  return fixtures[`${method} ${path}`] ?? fixtures[path];
}

export function installFetchMock(fixtures: ApiFixtures): () => void {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      location.href,
    );
    if (!url.pathname.startsWith('/api/')) return realFetch(input, init);
    const method = (init?.method ?? 'GET').toUpperCase();
    const fixture = match(fixtures, method, url);
    const answer = typeof fixture === 'function' ? await fixture({ url, method, body: init?.body }) : fixture;
    if (!answer)
      return new Response(JSON.stringify({ message: 'Sin datos de ejemplo', code: 'NO_FIXTURE' }), {
        status: 404,
      });
    const { status = 200, json, text, delayMs = 0, headers = {} } = answer;
    if (delayMs) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, delayMs);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('Aborted', 'AbortError'));
        });
      });
    }
    const body = json !== undefined ? JSON.stringify(json) : (text ?? '');
    const type = json !== undefined ? 'application/json' : 'text/plain; charset=utf-8';
    return new Response(status === 204 ? null : body, {
      status,
      headers: { 'Content-Type': type, ...headers },
    });
  };
  return () => {
    globalThis.fetch = realFetch;
  };
}
