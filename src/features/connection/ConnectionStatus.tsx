import * as styles from '../map/FlightMap.css';
import { ConnectionContext } from './ConnectionContext';

/** The stream's state as a pill; 'SSE desconectado' while disconnected. */
export function ConnectionStatus({ visibleFlights }: { visibleFlights?: number }) {
  const state = ConnectionContext.useSelector((s) =>
    s.matches('disconnected')
      ? 'disconnected'
      : s.matches({ live: 'connected' })
        ? 'connected'
        : 'connecting',
  );
  const text =
    state === 'disconnected'
      ? 'SSE desconectado'
      : state === 'connected'
        ? `En vivo${visibleFlights !== undefined ? ` · ${visibleFlights} vuelos` : ''}`
        : 'Conectando...';
  return (
    <div role="status" aria-live="polite" className={styles.status({ state })} data-connection={state}>
      <span className={styles.dot({ state })} aria-hidden="true" />
      {text}
    </div>
  );
}
