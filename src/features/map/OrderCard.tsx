import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { AirportDto, OrderDetailDto, RunMode } from '../../../contract';
import { Button } from '../../components/Button/Button';
import { ORDER_STATE_LABEL } from '../../lib/labels';
import { airportDisplayName } from './airportName';
import { CloseButton } from './DetailCards';
import * as styles from './FlightMap.css';
import { formatTime } from './formatTime';
import { selectedFlightIdAtom, selectedOrderKeyAtom } from './mapAtoms';
import { orderDetailQueryAtom } from './mapDataAtoms';
import * as own from './OrderCard.css';

/** Detail card of the order picked in the filter panel; its route is drawn by FlightMap from the same query. */

type Estado = OrderDetailDto['estado'];
type Shipment = OrderDetailDto['envios'][number];

const ESTADO_TONE: Record<Estado, 'ok' | 'late' | 'neutral'> = {
  a_tiempo: 'ok',
  desde_stock: 'ok',
  atrasado: 'late',
  sin_ruta: 'late',
  pendiente: 'neutral',
};
const NO_SHIPMENTS: Record<Estado, string> = {
  a_tiempo: 'Sin envíos',
  atrasado: 'Sin envíos',
  sin_ruta: 'Ningún envío: no hay ruta posible',
  desde_stock: 'Sin envíos: servido con el stock de la sede',
  pendiente: 'Aún no planificado',
};

/** Where products are while the run moves: refetched so 'Ubicación' follows the simulated clock. */
const REFRESH_MS = 15_000;

/** Flight instance ids are 'ORIG-DEST-HH:MM@minute': the operator knows the part before '@'. */
const flightCode = (instanceId: string) => instanceId.split('@')[0] ?? instanceId;
/** Departure → arrival with 'UTC' once at the end. */
const span = (from: string, to: string) => `${formatTime(from).replace(/ UTC$/, '')} → ${formatTime(to)}`;

export function OrderCard({ mode, airports }: { mode: RunMode; airports: readonly AirportDto[] }) {
  const [key, setKey] = useAtom(selectedOrderKeyAtom);
  const detail = useAtomValue(orderDetailQueryAtom(mode));
  const { refetch } = detail;
  useEffect(() => {
    if (!key) return;
    const timer = setInterval(() => void refetch(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [key, refetch]);
  if (!key) return null;

  const byCode = new Map(airports.map((a) => [a.codigo, a]));
  const place = (code: string) => {
    const airport = byCode.get(code);
    return airport ? airportDisplayName(airport) : code;
  };
  const order = detail.data;

  return (
    <section className={styles.card} aria-label="Detalle del pedido" aria-busy={!order && !detail.isError}>
      <header className={styles.cardHeader}>
        <div>
          <h2 className={styles.cardTitle}>Pedido {key}</h2>
          {order ? (
            <span className={own.status({ tone: ESTADO_TONE[order.estado] })} data-estado={order.estado}>
              {ORDER_STATE_LABEL[order.estado]}
            </span>
          ) : null}
        </div>
        <CloseButton label="Cerrar detalle del pedido" onPress={() => setKey(null)} />
      </header>
      {order ? (
        <OrderFacts order={order} place={place} />
      ) : detail.isError ? (
        <p className={styles.muted} role="alert">
          No se pudo cargar el pedido: {detail.error.message}
        </p>
      ) : (
        <p className={styles.muted}>Cargando pedido...</p>
      )}
    </section>
  );
}

function OrderFacts({ order, place }: { order: OrderDetailDto; place: (code: string) => string }) {
  return (
    <>
      <dl className={styles.facts}>
        <dt className={styles.factName}>Destino</dt>
        <dd className={styles.factValue}>{place(order.destino)}</dd>
        <dt className={styles.factName}>Cantidad</dt>
        <dd className={styles.factValue}>{order.cantidad}</dd>
        <dt className={styles.factName}>Cliente</dt>
        <dd className={styles.factValue}>{order.clienteId || '—'}</dd>
        <dt className={styles.factName}>Fecha</dt>
        <dd className={styles.factValue}>{formatTime(order.fecha)}</dd>
        <dt className={styles.factName}>Plazo</dt>
        <dd className={styles.factValue}>{formatTime(order.plazo)}</dd>
      </dl>
      <h3 className={styles.sectionTitle}>Envíos ({order.envios.length})</h3>
      {order.envios.length > 0 ? (
        <ul className={styles.list}>
          {order.envios.map((envio, i) => (
            // Shipments have no id of their own; their order in the plan is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <ShipmentItem key={i} envio={envio} place={place} />
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{NO_SHIPMENTS[order.estado]}</p>
      )}
    </>
  );
}

function ShipmentItem({ envio, place }: { envio: Shipment; place: (code: string) => string }) {
  const openFlight = useSetAtom(selectedFlightIdAtom);
  return (
    <li className={own.shipment}>
      <p className={own.shipmentHead}>
        {envio.cantidad} {envio.cantidad === 1 ? 'producto' : 'productos'} desde {place(envio.origen)}
      </p>
      {envio.tramos.length > 0 ? (
        <ol className={styles.list} aria-label="Tramos">
          {envio.tramos.map((t) => (
            <li key={t.vuelo} className={own.leg}>
              <span className={own.legCode}>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Ver vuelo ${flightCode(t.vuelo)}`}
                  onPress={() => openFlight(t.vuelo)}
                >
                  {flightCode(t.vuelo)}
                </Button>{' '}
                · {t.origen} → {t.destino}
              </span>
              <span>{span(t.salida, t.llegada)}</span>
            </li>
          ))}
        </ol>
      ) : null}
      <dl className={styles.facts}>
        <dt className={styles.factName}>Listo</dt>
        <dd className={styles.factValue}>{formatTime(envio.listo)}</dd>
        <dt className={styles.factName}>Ubicación</dt>
        <dd className={styles.factValue}>
          <Location ubicacion={envio.ubicacion} tramos={envio.tramos} place={place} />
        </dd>
      </dl>
    </li>
  );
}

function Location({
  ubicacion,
  tramos,
  place,
}: {
  ubicacion: string;
  tramos: Shipment['tramos'];
  place: (code: string) => string;
}) {
  const setFlight = useSetAtom(selectedFlightIdAtom);
  if (ubicacion === 'entregado') return <>Entregado</>;
  // In the air: a leg's flight id; the button opens that flight's card.
  if (tramos.some((t) => t.vuelo === ubicacion) || ubicacion.includes('@'))
    return (
      <>
        En vuelo{' '}
        <Button variant="ghost" size="sm" onPress={() => setFlight(ubicacion)}>
          {flightCode(ubicacion)}
        </Button>
      </>
    );
  return <>En {place(ubicacion)}</>;
}
