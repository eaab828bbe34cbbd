import { useCallback, useId, useMemo, useState } from 'react';
import {
  Autocomplete,
  Button,
  Dialog,
  DialogTrigger,
  Input,
  ListBox,
  ListBoxItem,
  ListLayout,
  SearchField,
  Virtualizer,
} from 'react-aria-components';
import { Icon } from '../Icon/Icon';
import { Popover } from '../Popover/Popover';
import * as styles from './SearchPick.css';

export interface PickOption {
  id: string;
  /** What the list and the card show; defaults to the id. */
  label?: string;
  /** Secondary text (route, city...). */
  description?: string;
}

export interface SearchPickProps {
  /** Card title: 'Vuelo', 'Almacén', 'Pedido'. */
  label: string;
  /** Shown while nothing is picked: 'Seleccionar vuelo'. */
  placeholder: string;
  options: readonly PickOption[];
  value: string | null;
  onChange: (id: string) => void;
  /** Search box placeholder (spec: 'Buscar ...'). */
  searchPlaceholder?: string;
  /** Server-backed lists hear the search text (the list still filters what it holds). */
  onSearchChange?: (text: string) => void;
  isLoading?: boolean;
  /** The server sent only the first matches (a list's worth) and holds more: say so instead of a count. */
  hasMore?: boolean;
  /** The list could not be loaded: said in the list, with 'Reintentar' when `onRetry` is given. */
  error?: string | null;
  onRetry?: () => void;
  /** What an empty list says before any search, e.g. 'No hay vuelos cargados'. */
  emptyText?: string;
  /** Stories open it from the start. */
  defaultOpen?: boolean;
  /** Told when the popover opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
}

export const ROW_HEIGHT = 32;
/**
 * Rows handed to the list at once. Building the list's collection costs time per item even when
 * virtualised, so thousands of options would make every keystroke wait; past this many the list says
 * how many match and asks for more letters.
 */
export const MAX_SHOWN = 200;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** What a search is matched against, folded once per list: folding thousands of texts per keystroke would wait. */
const searchTexts = (options: readonly PickOption[]) =>
  options.map((o) => fold([o.id, o.label ?? '', o.description ?? ''].join('\n')));

/** The options whose id, label or description contains the search (accents and case aside). */
export function filterOptions(
  options: readonly PickOption[],
  search: string,
  texts: readonly string[] = searchTexts(options),
): readonly PickOption[] {
  const needle = fold(search.trim());
  if (!needle) return options;
  return options.filter((_, i) => texts[i].includes(needle));
}

/**
 * A search-pick card: a button showing the pick (or the placeholder) that opens a popover with a
 * search box and a virtualised list; picking closes the popover and clears the search.
 */
export function SearchPick({
  label,
  placeholder,
  options,
  value,
  onChange,
  searchPlaceholder = 'Buscar ...',
  onSearchChange,
  isLoading,
  hasMore,
  error,
  onRetry,
  emptyText = 'Sin resultados',
  defaultOpen,
  onOpenChange,
}: SearchPickProps) {
  const [isOpen, setOpen] = useState(Boolean(defaultOpen));
  const [search, setSearch] = useState('');
  // Filtered in the keystroke's own render: with the texts folded once, filtering thousands of options
  // takes well under a millisecond, and a deferred second render would add a frame before the list shows.
  const texts = useMemo(() => searchTexts(options), [options]);
  const filtered = useMemo(() => filterOptions(options, search, texts), [options, search, texts]);
  const shown = useMemo(
    () => (filtered.length > MAX_SHOWN ? filtered.slice(0, MAX_SHOWN) : filtered),
    [filtered],
  );
  const labelId = useId();
  const valueId = useId();
  const picked = value ? (options.find((o) => o.id === value) ?? { id: value }) : null;
  const noun = label.toLowerCase();

  // One function for the list's life: the list keeps each option's row while the pick is the same.
  const row = useCallback(
    (option: PickOption) => (
      <ListBoxItem id={option.id} textValue={option.label ?? option.id} className={styles.item}>
        <span className={styles.check} aria-hidden="true">
          {option.id === value ? <Icon name="check" size={14} /> : null}
        </span>
        <span className={styles.itemLabel}>{option.label ?? option.id}</span>
        {option.description ? <span className={styles.itemDescription}>{option.description}</span> : null}
      </ListBoxItem>
    ),
    [value],
  );

  const updateSearch = (text: string) => {
    setSearch(text);
    onSearchChange?.(text);
  };
  const pick = (id: string) => {
    onChange(id);
    updateSearch('');
    setOpen(false);
    onOpenChange?.(false);
  };

  return (
    <div className={styles.card}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <DialogTrigger
        isOpen={isOpen}
        onOpenChange={(open) => {
          setOpen(open);
          onOpenChange?.(open);
          if (!open) updateSearch('');
        }}
      >
        <Button className={styles.trigger} aria-labelledby={`${labelId} ${valueId}`}>
          <span id={valueId} className={picked ? styles.value : styles.placeholder}>
            {picked ? (picked.label ?? picked.id) : placeholder}
          </span>
          <span aria-hidden="true" className={styles.caret}>
            ▾
          </span>
        </Button>
        <Popover placement="bottom start">
          <Dialog className={styles.dialog} aria-label={label}>
            <Autocomplete inputValue={search} onInputChange={updateSearch}>
              <div className={styles.search}>
                <SearchField aria-label={`Buscar ${noun}`} autoFocus>
                  <Input className={styles.input} placeholder={searchPlaceholder} />
                </SearchField>
              </div>
              {isLoading ? (
                <div className={styles.status} role="status">
                  Cargando...
                </div>
              ) : null}
              {error ? (
                <div className={styles.error} role="alert">
                  <span>{error}</span>
                  {onRetry ? (
                    <Button className={styles.retry} onPress={onRetry}>
                      <Icon name="refresh" size={14} /> Reintentar
                    </Button>
                  ) : null}
                </div>
              ) : null}
              {hasMore && filtered.length >= MAX_SHOWN ? (
                <div className={styles.status} role="status">
                  {`Más de ${MAX_SHOWN}: escribe para acotar`}
                </div>
              ) : filtered.length > shown.length ? (
                <div className={styles.status} role="status">
                  {`${shown.length} de ${filtered.length.toLocaleString('es-ES')}: escribe para acotar`}
                </div>
              ) : null}
              <Virtualizer layout={ListLayout} layoutOptions={{ rowHeight: ROW_HEIGHT }}>
                <ListBox
                  aria-label={label}
                  className={styles.list}
                  items={shown}
                  dependencies={[value]}
                  onAction={(key) => pick(String(key))}
                  renderEmptyState={() => (
                    <div className={styles.empty}>
                      {isLoading || error ? '' : search.trim() ? 'Sin resultados' : emptyText}
                    </div>
                  )}
                >
                  {row}
                </ListBox>
              </Virtualizer>
            </Autocomplete>
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}
