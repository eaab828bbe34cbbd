import { useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { FlightDetailDto, RunMode } from '../../../contract';
import { Button } from '../../components/Button/Button';
import { ConfirmDialog } from '../../components/Dialog/Dialog';
import { ConnectionContext } from '../connection/ConnectionContext';
import { cancelFlightMachine } from './cancelFlightMachine';
import { cancelBlock, cancelSummary } from './cancelRules';
import * as styles from './FlightMap.css';
import { formatTime } from './formatTime';
import { selectedOrderKeyAtom } from './mapAtoms';

export const CancelFlightContext = createActorContext(cancelFlightMachine);

const confirmText = (f: FlightDetailDto) => {
  const what =
    f.carga === 0
      ? 'No lleva productos.'
      : `${f.carga === 1 ? 'Su producto' : `Sus ${f.carga} productos`} (${f.pedidos.length} ${f.pedidos.length === 1 ? 'pedido' : 'pedidos'}) se replanificarán por otras rutas.`;
  return `¿Cancelar el vuelo ${f.codigo} que sale el ${formatTime(f.salida)}? ${what} No se puede deshacer.`;
};

export interface CancelFlightProps {
  flight: FlightDetailDto;
  mode: RunMode;
  /** Stand-in machine (stories). */
  logic?: typeof cancelFlightMachine;
}

/** 'Cancelar vuelo' on a flight card: only before take-off, confirmed first, then what was re-planned. */
export function CancelFlight({ flight, mode, logic }: CancelFlightProps) {
  return (
    <CancelFlightContext.Provider
      key={flight.id}
      logic={logic ?? cancelFlightMachine}
      options={{ input: { flightId: flight.id, mode } }}
    >
      <CancelFlightView flight={flight} mode={mode} />
    </CancelFlightContext.Provider>
  );
}

function CancelFlightView({ flight, mode }: { flight: FlightDetailDto; mode: RunMode }) {
  const actor = CancelFlightContext.useActorRef();
  const state = CancelFlightContext.useSelector((s) => s.value);
  const outcome = CancelFlightContext.useSelector((s) => s.context.outcome);
  const error = CancelFlightContext.useSelector((s) => s.context.error);
  const instant = ConnectionContext.useSelector((s) => s.context.instant);
  const airborne = ConnectionContext.useSelector((s) => s.context.flights.some((f) => f.id === flight.id));
  const queryClient = useQueryClient();
  const openOrder = useSetAtom(selectedOrderKeyAtom);

  // What the cancellation changed: the flight (cancelled, empty), the warehouses, the orders' routes.
  useEffect(() => {
    if (state !== 'cancelled') return;
    for (const key of ['vuelo', 'almacenes', 'pedido'])
      void queryClient.invalidateQueries({ queryKey: [key, mode] });
  }, [state, mode, queryClient]);

  if (outcome) {
    const summary = cancelSummary(outcome);
    return (
      <div className={styles.outcome} role="status" data-cancelled="true">
        <p className={styles.outcomeLine}>{summary.replanned}</p>
        {summary.lateness ? (
          <p className={summary.hurt.length > 0 ? styles.outcomeWarning : styles.muted}>{summary.lateness}</p>
        ) : null}
        {summary.hurt.length > 0 ? (
          <ul className={styles.list} aria-label="Pedidos atrasados o sin ruta">
            {summary.hurt.slice(0, 12).map((key) => (
              <li key={key}>
                <Button variant="ghost" size="sm" onPress={() => openOrder(key)}>
                  {key}
                </Button>
              </li>
            ))}
            {summary.hurt.length > 12 ? (
              <li className={styles.muted}>y {summary.hurt.length - 12} más</li>
            ) : null}
          </ul>
        ) : null}
      </div>
    );
  }

  const blocked = cancelBlock(flight, instant, airborne);
  const busy = state === 'cancelling';
  return (
    <div className={styles.cancelBox}>
      <Button
        variant="danger"
        size="sm"
        isDisabled={blocked !== null || busy}
        aria-describedby={blocked ? `${flight.id}-no-cancel` : undefined}
        onPress={() => actor.send({ type: 'cancel.requested' })}
      >
        {busy ? 'Cancelando...' : 'Cancelar vuelo'}
      </Button>
      {blocked ? (
        <p id={`${flight.id}-no-cancel`} className={styles.muted}>
          {blocked}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className={styles.outcomeWarning}>
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        isOpen={state === 'confirming'}
        title="Cancelar vuelo"
        message={confirmText(flight)}
        confirmLabel="Cancelar vuelo"
        cancelLabel="Volver"
        onConfirm={() => actor.send({ type: 'cancel.confirmed' })}
        onCancel={() => actor.send({ type: 'cancel.dismissed' })}
      />
    </div>
  );
}
