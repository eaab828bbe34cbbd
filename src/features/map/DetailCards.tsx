import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import type {
  AirportDto,
  FlightDetailDto,
  LiveFlightDto,
  LoadLevel,
  RunMode,
  WarehouseOccupancyDto,
} from '../../../contract';
import { Button } from '../../components/Button/Button';
import { Icon } from '../../components/Icon/Icon';
import { LOAD_LEVEL_LABEL } from '../../lib/labels';
import { ConnectionContext } from '../connection/ConnectionContext';
import { airportDisplayName } from './airportName';
import { CancelFlight } from './CancelFlight';
import * as styles from './FlightMap.css';
import { formatTime } from './formatTime';
import { activeAirportAtom, selectedFlightIdAtom, selectedOrderKeyAtom } from './mapAtoms';
import { flightDetailQueryAtom, warehousesQueryAtom } from './mapDataAtoms';
import { WarehouseContents } from './WarehouseContents';

/** Detail cards for the selected flight and the active airport. */

export function CloseButton({ label, onPress }: { label: string; onPress: () => void }) {
  return (
    <Button variant="ghost" size="sm" aria-label={label} onPress={onPress}>
      <Icon name="close" />
    </Button>
  );
}

function Meter({ value, max, nivel }: { value: number; max: number; nivel: LoadLevel }) {
  const pct = max > 0 ? Math.min(100, (value / max) * 100) : 0;
  return (
    <div className={styles.meter} aria-hidden="true">
      <div className={styles.meterFill({ nivel })} style={{ width: `${pct}%` }} />
    </div>
  );
}

export function FlightCard({ mode }: { mode: RunMode }) {
  const [selectedId, setSelectedId] = useAtom(selectedFlightIdAtom);
  const openOrder = useSetAtom(selectedOrderKeyAtom);
  const detail = useAtomValue(flightDetailQueryAtom(mode));
  const live = ConnectionContext.useSelector((s) =>
    s.context.flights.find((f) => f.id === selectedId || f.codigo === selectedId),
  );
  if (!selectedId) return null;
  const d: Partial<FlightDetailDto> & Partial<LiveFlightDto> = { ...live, ...(detail.data ?? {}) };
  const nivel = d.nivel ?? 'disponible';
  return (
    <section className={styles.card} aria-label="Detalle del vuelo">
      <header className={styles.cardHeader}>
        <div>
          <h2 className={styles.cardTitle}>Vuelo {d.codigo ?? selectedId}</h2>
          <p className={styles.cardSubtitle}>
            {d.origen ?? '—'} → {d.destino ?? '—'}
          </p>
        </div>
        <CloseButton label="Cerrar detalle del vuelo" onPress={() => setSelectedId(null)} />
      </header>
      <dl className={styles.facts}>
        <dt className={styles.factName}>Salida</dt>
        <dd className={styles.factValue}>{formatTime(d.salida)}</dd>
        <dt className={styles.factName}>Llegada</dt>
        <dd className={styles.factValue}>{formatTime(d.llegada)}</dd>
        <dt className={styles.factName}>Carga</dt>
        <dd className={styles.factValue}>
          {d.carga ?? '—'} / {d.capacidad ?? '—'} ({LOAD_LEVEL_LABEL[nivel]})
        </dd>
        {d.cancelado ? (
          <>
            <dt className={styles.factName}>Estado</dt>
            <dd className={styles.factValue}>Cancelado</dd>
          </>
        ) : null}
      </dl>
      {d.carga !== undefined && d.capacidad ? (
        <Meter value={d.carga} max={d.capacidad} nivel={nivel} />
      ) : null}
      {detail.data ? <CancelFlight flight={detail.data} mode={mode} /> : null}
      <h3 className={styles.sectionTitle}>Pedidos a bordo</h3>
      {detail.isPending && detail.fetchStatus !== 'idle' ? (
        <p className={styles.muted}>Cargando...</p>
      ) : d.pedidos && d.pedidos.length > 0 ? (
        <ul className={styles.list}>
          {d.pedidos.slice(0, 30).map((p) => (
            <li key={p.pedido} className={styles.listItem}>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Ver pedido ${p.pedido}`}
                onPress={() => openOrder(p.pedido)}
              >
                {p.pedido}
              </Button>
              <span>
                {p.cantidad} {p.cantidad === 1 ? 'producto' : 'productos'}
              </span>
            </li>
          ))}
          {d.pedidos.length > 30 ? <li className={styles.muted}>y {d.pedidos.length - 30} más</li> : null}
        </ul>
      ) : (
        <p className={styles.muted}>{detail.isError ? 'Detalle no disponible' : 'Sin pedidos a bordo'}</p>
      )}
    </section>
  );
}

export function AirportCard({ mode, airports }: { mode: RunMode; airports: readonly AirportDto[] }) {
  const [active, setActive] = useAtom(activeAirportAtom);
  const setSelectedFlight = useAtom(selectedFlightIdAtom)[1];
  const warehouses = useAtomValue(warehousesQueryAtom(mode));
  const flights = ConnectionContext.useSelector((s) => s.context.flights);
  const airport = airports.find((a) => a.codigo === active);
  if (!active || !airport) return null;
  const occupancy: WarehouseOccupancyDto | undefined = warehouses.data?.find((w) => w.codigo === active);
  const related = flights.filter((f) => f.origen === active || f.destino === active);
  return (
    <section className={styles.card} aria-label="Detalle del aeropuerto">
      <header className={styles.cardHeader}>
        <div>
          <h2 className={styles.cardTitle}>{airportDisplayName(airport)}</h2>
          <p className={styles.cardSubtitle}>
            {[airport.pais, airport.sede ? 'Sede' : null].filter(Boolean).join(' · ') || 'Aeropuerto'}
          </p>
        </div>
        <CloseButton label="Cerrar detalle del aeropuerto" onPress={() => setActive(null)} />
      </header>
      <h3 className={styles.sectionTitle}>Ocupación del almacén</h3>
      {occupancy ? (
        <>
          <p className={styles.factValue}>
            {occupancy.ocupacion} / {occupancy.capacidad} ({Math.round(occupancy.porcentaje)} %,{' '}
            {LOAD_LEVEL_LABEL[occupancy.nivel]})
          </p>
          <Meter value={occupancy.ocupacion} max={occupancy.capacidad} nivel={occupancy.nivel} />
        </>
      ) : (
        <p className={styles.muted}>
          {airport.capacidad
            ? `Capacidad ${airport.capacidad}; sin simulación activa`
            : 'Sin datos de ocupación'}
        </p>
      )}
      <WarehouseContents key={active} mode={mode} code={active} />
      <h3 className={styles.sectionTitle}>Vuelos en el aire ({related.length})</h3>
      {related.length > 0 ? (
        <ul className={styles.list}>
          {related.slice(0, 12).map((f) => (
            <li key={f.id} className={styles.listItem}>
              <Button variant="ghost" size="sm" onPress={() => setSelectedFlight(f.id)}>
                {f.codigo ?? f.id}
              </Button>
              <span>
                {f.origen === active ? `→ ${f.destino ?? '—'}` : `← ${f.origen ?? '—'}`} ·{' '}
                {Math.round(f.progress * 100)} %
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>Sin vuelos en el aire</p>
      )}
    </section>
  );
}
