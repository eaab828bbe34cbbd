import { useAtomValue, useSetAtom } from 'jotai';
import { type ReactNode, useState } from 'react';
import type { RunMode, WarehouseContentsDto } from '../../../contract';
import { Button } from '../../components/Button/Button';
import * as styles from './FlightMap.css';
import { formatTime } from './formatTime';
import { selectedOrderKeyAtom } from './mapAtoms';
import { warehouseContentsQueryAtom } from './mapDataAtoms';

export interface WarehouseContentsViewProps {
  data: WarehouseContentsDto | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onOpenOrder: (key: string) => void;
  onPage: (pagina: number) => void;
}

const products = (n: number) => `${n} ${n === 1 ? 'producto' : 'productos'}`;
/** 'SKBO-LEMD-06:00@29433600' → 'SKBO-LEMD-06:00' */
const flightCode = (instance: string) => instance.split('@')[0] ?? instance;

/** What waits in an airport's warehouse now, order by order; each key opens the order's card. */
export function WarehouseContentsView({
  data,
  loading,
  error,
  onRetry,
  onOpenOrder,
  onPage,
}: WarehouseContentsViewProps) {
  const title = `En el almacén${data ? ` (${data.pedidos} ${data.pedidos === 1 ? 'pedido' : 'pedidos'})` : ''}`;
  let body: ReactNode;
  if (error && !data)
    body = (
      <div className={styles.cancelBox} role="alert">
        <p className={styles.muted}>No se pudo cargar el almacén: {error}</p>
        <Button size="sm" onPress={onRetry}>
          Reintentar
        </Button>
      </div>
    );
  else if (!data) body = <p className={styles.muted}>{loading ? 'Cargando...' : 'Sin datos del almacén'}</p>;
  else if (data.filas.length === 0) body = <p className={styles.muted}>Nada espera en este almacén ahora</p>;
  else {
    const last = Math.max(1, Math.ceil(data.pedidos / data.limite));
    body = (
      <>
        <ul className={styles.list} aria-label="Pedidos en el almacén">
          {data.filas.map((f) => (
            <li key={f.pedido} className={styles.listItem}>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Ver pedido ${f.pedido}`}
                onPress={() => onOpenOrder(f.pedido)}
              >
                {f.pedido}
              </Button>
              <span>
                {products(f.productos)} ·{' '}
                {f.siguiente
                  ? `sigue en ${flightCode(f.siguiente)}`
                  : `recogida hasta ${formatTime(f.hasta)}`}
              </span>
            </li>
          ))}
        </ul>
        {last > 1 ? (
          <div className={styles.listItem}>
            <Button
              size="sm"
              variant="ghost"
              isDisabled={data.pagina <= 1}
              onPress={() => onPage(data.pagina - 1)}
            >
              Anterior
            </Button>
            <span className={styles.muted}>
              Página {data.pagina} de {last}
            </span>
            <Button
              size="sm"
              variant="ghost"
              isDisabled={data.pagina >= last}
              onPress={() => onPage(data.pagina + 1)}
            >
              Siguiente
            </Button>
          </div>
        ) : null}
      </>
    );
  }
  return (
    <>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {body}
    </>
  );
}

/** The active airport's warehouse contents at the mode's simulated time. */
export function WarehouseContents({ mode, code }: { mode: RunMode; code: string }) {
  const [pagina, setPagina] = useState(1);
  const query = useAtomValue(warehouseContentsQueryAtom(`${mode}|${code}|${pagina}`));
  const openOrder = useSetAtom(selectedOrderKeyAtom);
  return (
    <WarehouseContentsView
      data={query.data}
      loading={query.isPending}
      error={query.error ? query.error.message : null}
      onRetry={() => void query.refetch()}
      onOpenOrder={openOrder}
      onPage={setPagina}
    />
  );
}
