import { createActorContext } from '@xstate/react';
import { useAtomValue } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';
import { type ReactNode, useEffect, useRef } from 'react';
import type { RunMode } from '../../../contract';
import { notify } from '../../lib/notify';
import { liveInstantAtom } from '../connection/connectionAtoms';
import { currentRunAtom, RUNS_KEY, runParametersQueryAtom } from './runAtoms';
import { type RunSpeed, runMachine } from './runMachine';

/** The run machine of the screen on show, shared by its panel (controls), its strip and its map overlay. */
export const RunContext = createActorContext(runMachine);

export const RUN_STARTED_TEXT: Record<RunMode, string> = {
  semanal: 'Simulación semanal iniciada',
  operacion: 'Operación diaria iniciada',
  colapso: 'Simulación de colapso iniciada',
};

/** Before the server's parameters answer: a collapse search at maximum speed, anything else as the server's default. */
const initialSpeed = (mode: RunMode): RunSpeed => (mode === 'colapso' ? 'max' : 168);

/** Keeps the machine on the server's reading of the run, and says what became of each request. */
function RunSync({ mode }: { mode: RunMode }) {
  const actor = RunContext.useActorRef();
  const run = useAtomValue(currentRunAtom(mode));
  const params = useAtomValue(runParametersQueryAtom).data;
  const live = useAtomValue(liveInstantAtom);
  const queryClient = useAtomValue(queryClientAtom);
  const state = RunContext.useSelector((s) => s.value);
  const error = RunContext.useSelector((s) => s.context.error);
  const previous = useRef(state);

  useEffect(() => {
    actor.send({ type: 'run.synced', run });
  }, [actor, run]);

  // The server's default speed for the mode, until the operator picks one or a run shows its own.
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || !params) return;
    seeded.current = true;
    const snap = actor.getSnapshot();
    if (snap.matches('running') || snap.matches('paused') || mode === 'operacion') return;
    if (snap.context.speed === initialSpeed(mode))
      actor.send({
        type: 'speed.changed',
        speed: params.velocidadPorDefecto[mode === 'colapso' ? 'colapso' : 'semanal'],
      });
  }, [actor, params, mode]);

  // The stream tells at once when the run changes (another browser started, paused or ended it).
  const liveRun = live && live.mode === mode ? live.simulacion : undefined;
  const liveEstado = live && live.mode === mode ? live.estado : undefined;
  const runId = run?.id ?? null;
  const runEstado = run?.estado;
  useEffect(() => {
    if (liveRun === undefined) return;
    if (liveRun !== runId || (liveRun !== null && liveEstado !== runEstado))
      void queryClient.invalidateQueries({ queryKey: RUNS_KEY });
  }, [liveRun, liveEstado, runId, runEstado, queryClient]);

  useEffect(() => {
    const before = JSON.stringify(previous.current);
    previous.current = state;
    if (before === JSON.stringify(state)) return;
    if (before === '"starting"' && state !== 'starting' && state !== 'confirming' && state !== 'failed')
      notify.success(RUN_STARTED_TEXT[mode]);
    if (before === '"stopping"') notify.info('Simulación detenida');
    // After any request, every screen part reads the server again.
    if (/starting|stopping|sending/.test(before)) void queryClient.invalidateQueries({ queryKey: RUNS_KEY });
  }, [state, mode, queryClient]);

  useEffect(() => {
    if (error) notify.error(error);
  }, [error]);
  return null;
}

export interface RunScopeProps {
  mode: RunMode;
  /** Stand-in request actors (stories, tests). */
  logic?: typeof runMachine;
  children: ReactNode;
}

/** One run machine per run screen, fed from the server's list of runs. */
export function RunScope({ mode, logic, children }: RunScopeProps) {
  const run = useAtomValue(currentRunAtom(mode));
  return (
    <RunContext.Provider
      key={mode}
      logic={logic ?? runMachine}
      options={{ input: { mode, run, speed: run?.velocidad ?? initialSpeed(mode) } }}
    >
      <RunSync mode={mode} />
      {children}
    </RunContext.Provider>
  );
}
