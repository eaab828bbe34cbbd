import type { RunDto, RunMode } from '../../../contract';
import { NAV_LINKS } from '../shell/navigation';

/** Where a cancellations file goes, and how the zone names those places. */

const PATH_OF_MODE: Record<RunMode, string> = {
  operacion: '/operacion',
  semanal: '/simulacion',
  colapso: '/colapso',
};

export const modeLabel = (mode: RunMode) =>
  NAV_LINKS.find((l) => l.href === PATH_OF_MODE[mode])?.label ?? mode;

/**
 * The runs that are going: every mode whose current run is en curso. Operación Diaria without a run of
 * its own is the real-time view of the loaded plan, which is always going and takes cancellations too.
 */
export function cancellationTargets(runs: readonly Pick<RunDto, 'modo' | 'estado'>[]): RunMode[] {
  const going = (mode: RunMode) => {
    const run = runs.find((r) => r.modo === mode);
    return run ? run.estado === 'en_curso' : mode === 'operacion';
  };
  return (['operacion', 'semanal', 'colapso'] as const).filter(going);
}

/** 'Operación Diaria y Simulación Semanal'. */
export function targetsText(modes: readonly RunMode[]): string {
  const names = modes.map(modeLabel);
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} y ${names[names.length - 1]}`;
}

export const CANCELLATIONS_CONFIRM = (targets: string, fileName: string) =>
  `Se cancelarán los vuelos del archivo ${fileName} en ${targets}; sus productos se replanificarán. No se puede deshacer. ¿Continuar?`;
