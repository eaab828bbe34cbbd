import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import type { AirportDto, RunMode } from '../../../contract';
import { MINUTE_MS } from '../../../contract/time';
import { airportsQueryAtom } from '../../api/airports';
import { Button } from '../../components/Button/Button';
import { Icon } from '../../components/Icon/Icon';
import { notify } from '../../lib/notify';
import { ConnectionContext } from '../connection/ConnectionContext';
import { liveInstantAtom, streamOfflineAtom } from '../connection/connectionAtoms';
import * as styles from './FlightMap.css';

/** The map's airports query with its loading toast, and what the map says when something is missing. */

const NO_AIRPORTS: AirportDto[] = [];

const AIRPORTS_TOAST = 'cargando-aeropuertos';

export interface AirportsState {
  airports: AirportDto[];
  /** Why the airports could not be loaded, or null. */
  failure: string | null;
  retry: () => void;
}

export function useAirports(): AirportsState {
  const query = useAtomValue(airportsQueryAtom);
  const pending = query.isPending && query.isFetching;
  const failure = query.isError ? query.error.message : null;
  useEffect(() => {
    if (!pending) return;
    notify.loading('Cargando aeropuertos...', AIRPORTS_TOAST);
    return () => {
      notify.dismiss(AIRPORTS_TOAST);
    };
  }, [pending]);
  useEffect(() => {
    if (failure) notify.error(`No se pudieron cargar los aeropuertos: ${failure}`);
  }, [failure]);
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { airports: query.data ?? NO_AIRPORTS, failure: query.data ? null : failure, retry };
}

/** The map's own word on what it cannot show: failed airports (with a retry) or a stream that is down. */
export function MapProblems({
  airportsFailure,
  onRetry,
}: {
  airportsFailure: string | null;
  onRetry: () => void;
}) {
  const offline = ConnectionContext.useSelector((s) => s.matches('disconnected'));
  if (!airportsFailure && !offline) return null;
  return (
    <div className={styles.problems}>
      {airportsFailure ? (
        <div role="alert" className={styles.problem}>
          <Icon name="error" size={18} />
          <span>No se pudieron cargar los aeropuertos: {airportsFailure}</span>
          <Button variant="secondary" size="sm" onPress={onRetry}>
            Reintentar
          </Button>
        </div>
      ) : null}
      {offline ? (
        <div role="alert" className={styles.problem}>
          <Icon name="offline" size={18} />
          <span>
            Sin conexión con el servidor: el mapa está detenido en lo último recibido. Reintentando...
          </span>
        </div>
      ) : null}
    </div>
  );
}

/** Tells the clocks and the strip, outside the map, whether its stream is down. */
export function ConnectionBridge({ mode }: { mode: RunMode }) {
  const offline = ConnectionContext.useSelector((s) => s.matches('disconnected'));
  const instant = ConnectionContext.useSelector((s) => s.context.instant);
  const receivedAt = ConnectionContext.useSelector((s) => s.context.receivedAt);
  const setOffline = useSetAtom(streamOfflineAtom);
  const setInstant = useSetAtom(liveInstantAtom);
  useEffect(() => {
    setOffline(offline);
  }, [offline, setOffline]);
  useEffect(() => () => setOffline(false), [setOffline]);
  // Every clock on screen reads the run's time from here (the stream's own ticks).
  useEffect(() => {
    setInstant(
      instant && receivedAt !== null
        ? {
            mode,
            t: instant.t === null ? null : instant.t * MINUTE_MS,
            velocidad: instant.velocidad,
            estado: instant.estado,
            simulacion: instant.simulacion,
            receivedAt,
          }
        : null,
    );
  }, [instant, receivedAt, mode, setInstant]);
  useEffect(() => () => setInstant(null), [setInstant]);
  return null;
}
