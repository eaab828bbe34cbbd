import { randomUUID } from 'node:crypto';
import type { RunMode } from '../../contract';
import { MINUTE_MS } from '../../contract/time';
import { ApiError } from '../domain/errors';
import type { StartPlan } from './inputs';
import type { RunRow } from './store';

const MODE_NAMES: Record<RunMode, string> = {
  operacion: 'Operación Diaria',
  semanal: 'Simulación Semanal',
  colapso: 'Colapso',
};

/** The row of a run about to start (its inputs' versions are filled in once they are read). */
export function newRunRow(plan: StartPlan, semilla: number, clave: string | null, wallMs: number): RunRow {
  return {
    id: randomUUID(),
    modo: plan.modo,
    estado: 'en_curso',
    actual: true,
    inicioMin: plan.inicioMin,
    finMin: plan.finMin,
    velocidad: plan.velocidad,
    ahoraMs: plan.inicioMin * MINUTE_MS,
    semilla,
    kpis: null,
    reporte: null,
    crecimiento: plan.crecimiento,
    clave,
    creadoEn: new Date(wallMs).toISOString(),
    terminadaEn: null,
    segundosReales: 0,
    resumen: null,
    progreso: null,
    mensaje: null,
    entradas: null,
  };
}

/** 409 for a start while the mode's run goes on: since when, how fast, and how to replace it. */
export function conflictError(row: RunRow): ApiError {
  const d = new Date(row.creadoEn);
  const p = (n: number) => String(n).padStart(2, '0');
  const since = `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())} UTC`;
  const speed = row.velocidad === null ? 'velocidad máxima' : `×${row.velocidad}`;
  const paused = row.estado === 'pausada' ? ', pausada' : '';
  return new ApiError(
    409,
    'SIMULACION_EN_CURSO',
    `Hay una simulación en curso desde el ${since} (${MODE_NAMES[row.modo]}, ${speed}${paused}). ` +
      'Para reemplazarla, envía reemplazar: true; se detendrá y su resultado quedará en el historial.',
  );
}
