import { keepPreviousData } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { atomFamily } from 'jotai/utils';
import { atomWithQuery, queryClientAtom } from 'jotai-tanstack-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { searchOrderKeys } from '../../api/catalog';
import { QUERY_STALE_MS } from '../../api/queryClient';
import { MAX_SHOWN, type PickOption, SearchPick } from '../../components/SearchPick/SearchPick';
import type { PickCardProps } from '../filters/FilterPanel';
import { interimAnswer, narrowAnswer, narrowingBase } from './orderNarrowing';
import { catalogError } from './pickList';

const orderSearchKey = (text: string) => ['pedidos', 'catalogo', text] as const;

const orderSearchQuery = (text: string) => ({
  queryKey: orderSearchKey(text),
  // One more than the list shows: it then says there are more and asks for more letters.
  queryFn: ({ signal }: { signal: AbortSignal }) => searchOrderKeys(text, MAX_SHOWN + 1, signal),
});

const orderSearchAtom = atomFamily((text: string) =>
  atomWithQuery(() => ({
    ...orderSearchQuery(text),
    // Keep the last list on screen while the next search answers.
    placeholderData: keepPreviousData,
  })),
);

/** Past this many remembered options the memory starts over (a long session of searches). */
const REMEMBERED_OPTIONS = 5_000;

/**
 * One option object per key for as long as the card lives: the list then recognises the rows that a
 * narrower answer keeps and builds only the new ones.
 */
function useStableOptions(keys: readonly string[] | undefined): PickOption[] | undefined {
  const known = useRef(new Map<string, PickOption>());
  return useMemo(() => {
    if (!keys) return undefined;
    if (known.current.size > REMEMBERED_OPTIONS) known.current = new Map();
    const memory = known.current;
    return keys.map((id) => {
      let option = memory.get(id);
      if (!option) {
        option = { id };
        memory.set(id, option);
      }
      return option;
    });
  }, [keys]);
}

/**
 * The 'Pedido' card: the stored orders, searched on the server as the operator types. It holds its
 * search text, so a keystroke re-renders this card only, not the whole filter panel.
 */
export function OrderPick({ value, onChange, onOpenChange }: PickCardProps) {
  const [text, setText] = useState('');
  const query = text.trim();
  const queryClient = useAtomValue(queryClientAtom);
  // A fresh answer already at hand for a prefix of the text (read at each keystroke's render).
  const freshAnswer = useCallback(
    (prefix: string) => {
      const state = queryClient.getQueryState<string[]>(orderSearchKey(prefix));
      return state?.status === 'success' &&
        !state.isInvalidated &&
        Date.now() - state.dataUpdatedAt < QUERY_STALE_MS
        ? state.data
        : undefined;
    },
    [queryClient],
  );
  const base = narrowingBase(query, freshAnswer, MAX_SHOWN);
  // The request leaves in the input handler, before the card renders.
  const onSearch = (next: string) => {
    setText(next);
    void queryClient.prefetchQuery(orderSearchQuery(narrowingBase(next.trim(), freshAnswer, MAX_SHOWN)));
  };
  const orders = useAtomValue(orderSearchAtom(base));
  const keys = useMemo(
    () =>
      orders.data
        ? base !== query
          ? narrowAnswer(orders.data, query)
          : orders.data
        : interimAnswer(query, freshAnswer),
    [orders.data, base, query, freshAnswer],
  );
  const options = useStableOptions(keys);

  return (
    <SearchPick
      label="Pedido"
      placeholder="Seleccionar pedido"
      options={options ?? []}
      hasMore={(keys?.length ?? 0) > MAX_SHOWN}
      isLoading={orders.isFetching}
      error={catalogError(orders)}
      onRetry={() => void orders.refetch()}
      emptyText="No hay pedidos cargados"
      onOpenChange={onOpenChange}
      value={value}
      onChange={onChange}
      onSearchChange={onSearch}
    />
  );
}
