import type { PickOption } from '../../components/SearchPick/SearchPick';
import type { PickList } from '../filters/FilterPanel';

interface CatalogQuery {
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** What a pick list says when its catalog could not be loaded; null while it could. */
export const catalogError = (query: CatalogQuery): string | null =>
  query.isError
    ? `No se pudo cargar la lista: ${query.error instanceof Error ? query.error.message : String(query.error)}`
    : null;

/** A catalog query as a pick list: what it holds, whether it is loading, and its error with a retry. */
export const pickList = (options: readonly PickOption[] | undefined, query: CatalogQuery): PickList => ({
  options: options ?? [],
  isLoading: query.isFetching,
  error: catalogError(query),
  onRetry: () => void query.refetch(),
});
