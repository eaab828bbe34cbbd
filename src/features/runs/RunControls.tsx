import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import type { GrowthLawDto, RunMode } from '../../../contract';
import { Button } from '../../components/Button/Button';
import { ConfirmDialog } from '../../components/Dialog/Dialog';
import { NumberField } from '../../components/NumberField/NumberField';
import { Select } from '../../components/Select/Select';
import { CALLS, useCan } from '../auth/useCan';
import { draftFiltersAtom } from '../filters/filterAtoms';
import * as styles from './RunControls.css';
import { RunContext } from './RunScope';
import { growthLawAtom, orderRangeQueryAtom, runParametersQueryAtom } from './runAtoms';
import {
  confirmText,
  OTHER_SPEED,
  rangeText,
  speedOptionOf,
  speedOptions,
  startBlocker,
  startRequestOf,
} from './runRequest';

/** The loaded orders' range: what a run replays by default. */
export function OrderRangeLine() {
  const range = useAtomValue(orderRangeQueryAtom);
  const text = rangeText(range.data);
  if (!text) return null;
  return (
    <p className={styles.range} data-testid="order-range">
      {text}
    </p>
  );
}

/** 'productos/día = 900 + x^1,174; ×2 cada 7 días simulados' */
export function growthText(law: GrowthLawDto): string {
  const n = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 3 });
  return `productos/día = 900 + x^${n.format(law.exponente)}; ×${n.format(law.factorPorPeriodo)} cada ${n.format(law.periodoDias)} días simulados`;
}

/**
 * The law a collapse search grows demand by: editable before a search, and the running search's own
 * law while one goes.
 */
function GrowthLawFields({ running, editable }: { running: GrowthLawDto | null; editable: boolean }) {
  const params = useAtomValue(runParametersQueryAtom).data;
  const [edited, setEdited] = useAtom(growthLawAtom);
  if (running) return <p className={styles.range}>Crecimiento: {growthText(running)}</p>;
  const law = edited ?? params?.crecimiento;
  if (!law) return null;
  if (!editable) return <p className={styles.range}>Crecimiento: {growthText(law)}</p>;
  const set = (patch: Partial<GrowthLawDto>) => setEdited({ ...law, ...patch });
  const es = { maximumFractionDigits: 3 } as const;
  return (
    <fieldset className={styles.growth} aria-label="Ley de crecimiento">
      <legend className={styles.growthLegend}>Crecimiento: {growthText(law)}</legend>
      <NumberField
        label="Exponente n"
        minValue={1}
        maxValue={2}
        step={0.001}
        formatOptions={es}
        value={law.exponente}
        onChange={(v) => Number.isFinite(v) && set({ exponente: v })}
      />
      <NumberField
        label="Crecimiento ×"
        minValue={1.01}
        maxValue={100}
        step={0.01}
        formatOptions={es}
        value={law.factorPorPeriodo}
        onChange={(v) => Number.isFinite(v) && set({ factorPorPeriodo: v })}
      />
      <NumberField
        label="Periodo (días)"
        minValue={1}
        maxValue={3650}
        step={1}
        value={law.periodoDias}
        onChange={(v) => Number.isFinite(v) && set({ periodoDias: v })}
      />
    </fieldset>
  );
}

/** 'Máxima', a week in 30/60/90 minutes, or any ×N; while a run goes, a change applies to it at once. */
function SpeedChoice({ disabled }: { disabled: boolean }) {
  const actor = RunContext.useActorRef();
  const speed = RunContext.useSelector((s) => s.context.speed);
  const params = useAtomValue(runParametersQueryAtom).data;
  const options = speedOptions(params);
  const [other, setOther] = useState(false);
  const selected = other ? OTHER_SPEED : speedOptionOf(speed, options);
  return (
    <>
      <Select
        label="Velocidad"
        options={options}
        value={selected}
        isDisabled={disabled}
        onChange={(value) => {
          setOther(value === OTHER_SPEED);
          if (value === OTHER_SPEED) return;
          actor.send({ type: 'speed.changed', speed: value === 'max' ? 'max' : Number(value) });
        }}
      />
      {selected === OTHER_SPEED ? (
        <NumberField
          label="Veces el tiempo real (×N)"
          minValue={1}
          maxValue={1_000_000}
          step={1}
          isDisabled={disabled}
          value={speed === 'max' ? Number.NaN : speed}
          onChange={(v) => {
            if (Number.isFinite(v) && v > 0) actor.send({ type: 'speed.changed', speed: v });
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The run's own controls (apart from the filters): 'Iniciar' with the panel's dates and the chosen speed,
 * 'Pausar'/'Reanudar', 'Detener'. Replacing or stopping a run asks first. Hidden from roles that may not.
 */
export function RunControls({ mode }: { mode: RunMode }) {
  const actor = RunContext.useActorRef();
  const can = useCan();
  const draft = useAtomValue(draftFiltersAtom(mode));
  const growth = useAtomValue(growthLawAtom);
  const state = RunContext.useSelector((s) => s);
  const busy = state.matches('starting') || state.hasTag('busy') || state.matches('stopping');
  const running = state.matches('running');
  const paused = state.matches('paused');
  const confirming = state.matches('confirming');
  const { confirm, conflict, run } = state.context;
  const blocker = startBlocker(mode, draft);
  const mayStart = can(CALLS.startRun);
  const mayStop = can(CALLS.stopRun);

  return (
    <section className={styles.root} aria-label="Simulación" data-run-state={String(stateName(state.value))}>
      <h3 className={styles.title}>Simulación</h3>
      <OrderRangeLine />
      {!mayStart && !mayStop ? (
        <p className={styles.readOnly}>Tu rol solo permite mirar la simulación.</p>
      ) : null}
      {mode === 'colapso' ? (
        <GrowthLawFields running={(running || paused) && run ? run.crecimiento : null} editable={mayStart} />
      ) : null}
      {mayStart && mode !== 'operacion' ? <SpeedChoice disabled={busy} /> : null}
      <div className={styles.buttons}>
        {mayStart ? (
          <Button
            variant="primary"
            isDisabled={busy || blocker !== null}
            onPress={() => actor.send({ type: 'run.start', request: startRequestOf(mode, draft, growth) })}
          >
            {state.matches('starting') ? 'Iniciando…' : 'Iniciar'}
          </Button>
        ) : null}
        {mayStart && running ? (
          <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'run.pause' })}>
            Pausar
          </Button>
        ) : null}
        {mayStart && paused ? (
          <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'run.resume' })}>
            Reanudar
          </Button>
        ) : null}
        {mayStop && (running || paused) ? (
          <Button variant="danger" isDisabled={busy} onPress={() => actor.send({ type: 'run.stop' })}>
            {state.matches('stopping') ? 'Deteniendo…' : 'Detener'}
          </Button>
        ) : null}
      </div>
      {mayStart && blocker ? <p className={styles.readOnly}>{blocker}</p> : null}
      {state.context.error ? (
        <p role="alert" className={styles.error}>
          {state.context.error}
        </p>
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        title={confirm === 'stop' ? 'Detener la simulación' : 'Reemplazar la simulación'}
        message={confirmText(confirm === 'stop' ? 'stop' : 'replace', run, conflict)}
        confirmLabel={confirm === 'stop' ? 'Detener' : 'Reemplazar'}
        cancelLabel="Seguir con la actual"
        onConfirm={() => actor.send({ type: 'run.confirmed' })}
        onCancel={() => actor.send({ type: 'run.dismissed' })}
      />
    </section>
  );
}

/** The machine's top-level state name (for tests and styles). */
const stateName = (value: unknown) => (typeof value === 'string' ? value : Object.keys(value as object)[0]);
