import type { GrowthLawDto, OrderRangeDto, RunDto, RunMode, RunParametersDto } from '../../../contract';
import type { FilterDraft } from '../filters/filterAtoms';
import { formatSimTime, formatSpeed } from './format';
import type { RunSpeed, StartRequest } from './runMachine';

/** What 'Iniciar' asks for: the panel's dates (weekly, daily operation) or the growth law (collapse). */
export function startRequestOf(
  mode: RunMode,
  draft: Pick<FilterDraft, 'inicio' | 'fin'>,
  growth: GrowthLawDto | null,
): StartRequest {
  const iso = (d: FilterDraft['inicio']) => (d ? d.toDate('UTC').toISOString() : undefined);
  switch (mode) {
    case 'semanal':
      return { inicio: iso(draft.inicio), fin: iso(draft.fin) };
    case 'operacion':
      return { inicio: iso(draft.inicio) };
    case 'colapso':
      return growth ? { crecimiento: growth } : {};
  }
}

/** Why 'Iniciar' cannot start yet, or null. */
export function startBlocker(mode: RunMode, draft: Pick<FilterDraft, 'inicio' | 'fin'>): string | null {
  if (mode !== 'semanal') return null;
  if (!draft.inicio || !draft.fin) return 'Elige la fecha de inicio y la de fin';
  if (draft.fin.compare(draft.inicio) <= 0) return 'La fecha de fin debe ser posterior a la de inicio';
  return null;
}

export const MODE_NAME: Record<RunMode, string> = {
  operacion: 'Operación Diaria',
  semanal: 'Simulación Semanal',
  colapso: 'Colapso',
};

/** The confirmation's words: which run goes on, since when, and what stopping it loses. */
export function confirmText(kind: 'replace' | 'stop', run: RunDto | null, conflict: string | null): string {
  const lose =
    kind === 'replace'
      ? 'Iniciar otra la detiene: su reloj y su progreso se pierden (su resultado queda en el historial).'
      : 'Detenerla la termina aquí: no se puede reanudar (su resultado queda en el historial).';
  if (conflict) return `${conflict.replace(/ Para reemplazarla.*$/, '')} ${lose}`;
  if (!run) return lose;
  const paused = run.estado === 'pausada' ? ', pausada' : '';
  const progress =
    run.progreso.fraccion !== null
      ? `, al ${Math.round(run.progreso.fraccion * 100)} %`
      : `, ${run.progreso.diasSimulados.toFixed(1).replace('.', ',')} días simulados`;
  return (
    `Hay una simulación en curso desde el ${formatSimTime(run.creadoEn)} ` +
    `(${MODE_NAME[run.modo]}, ${speedName(run.velocidad)}${paused}; va por el ${formatSimTime(run.ahora)}${progress}). ${lose}`
  );
}

export const MAX_SPEED_LABEL = 'Máxima';

export const speedName = (v: RunSpeed) => (v === 'max' ? 'velocidad máxima' : formatSpeed(v));

export interface SpeedOption {
  value: string;
  label: string;
}

/** 'Máxima', the server's presets (a week in 30, 60, 90 minutes) and any ×N. */
export function speedOptions(params: RunParametersDto | undefined): SpeedOption[] {
  return [
    { value: 'max', label: MAX_SPEED_LABEL },
    ...(params?.velocidades ?? []).map((p) => ({
      value: String(p.velocidad),
      label: `${p.nombre} (${formatSpeed(p.velocidad)})`,
    })),
    { value: OTHER_SPEED, label: 'Otra (×N)' },
  ];
}

export const OTHER_SPEED = 'otra';

/** The option a speed shows as: its preset, or 'Otra' with its number. */
export function speedOptionOf(speed: RunSpeed, options: readonly SpeedOption[]): string {
  if (speed === 'max') return 'max';
  return options.some((o) => o.value === String(speed)) ? String(speed) : OTHER_SPEED;
}

/** 'del 22/12/2025 00:01 al 31/12/2025 23:59 UTC (42.993 pedidos)', or why there is none. */
export function rangeText(range: OrderRangeDto | undefined): string | null {
  if (!range) return null;
  if (!range.primero || !range.ultimo) return 'No hay pedidos cargados: carga un archivo en Registrar envío.';
  const n = new Intl.NumberFormat('es-ES').format(range.pedidos);
  return `Pedidos cargados: del ${formatSimTime(range.primero).replace(' UTC', '')} al ${formatSimTime(range.ultimo)} (${n} pedidos)`;
}
