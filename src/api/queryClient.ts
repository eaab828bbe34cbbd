import { QueryClient } from '@tanstack/react-query';

/** Queries fresh for 30 s, no refetch on focus; mutations never retried. */
export const QUERY_STALE_MS = 30_000;
export const QUERY_RETRIES = 2;

/**
 * One layer of retries: an HTTP failure was already retried by the HTTP wrapper (2 retries on
 * 408/5xx and network errors, none after a timeout), so the query library does not retry it again;
 * it retries only failures the wrapper never saw (an answer it could not read, for example).
 */
export const shouldRetryQuery =
  (retries: number) =>
  (failureCount: number, error: unknown): boolean =>
    failureCount < retries &&
    !(error && typeof error === 'object' && typeof (error as { status?: unknown }).status === 'number');

export function createQueryClient(options: { retries?: number } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        retry: shouldRetryQuery(options.retries ?? QUERY_RETRIES),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: 0 },
    },
  });
}
