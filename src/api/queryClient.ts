import { QueryClient } from '@tanstack/react-query';

/** Spec 7/9: queries fresh for 30 s, 2 retries, no refetch on focus; mutations never retried. */
export const QUERY_STALE_MS = 30_000;
export const QUERY_RETRIES = 2;

export function createQueryClient(options: { retries?: number } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        retry: options.retries ?? QUERY_RETRIES,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: 0 },
    },
  });
}
