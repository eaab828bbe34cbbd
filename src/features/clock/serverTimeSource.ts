import { http } from '../../api/client';
import type { RelojDto, RunMode } from '../../api/contract';
import type { ClockReading, TimeSource } from './clockMath';

/** The screen a path shows decides whose clock it reads. */
export function modeForPath(path: string): RunMode {
  if (path === '/simulacion') return 'semanal';
  if (path === '/colapso') return 'colapso';
  return 'operacion';
}

const sources = new Map<RunMode, TimeSource>();

/** One stable time source per mode, reading GET /api/reloj. */
export function serverTimeSource(modo: RunMode): TimeSource {
  let source = sources.get(modo);
  if (!source) {
    source = async (): Promise<ClockReading> => {
      const [reloj, error] = await http.get<RelojDto>('reloj', { query: { modo } });
      if (error || !reloj) throw new Error(error?.message ?? 'Sin reloj');
      const paused = reloj.estado !== 'en_curso' && reloj.estado !== 'tiempo_real';
      return { now: new Date(reloj.ahora), rate: paused ? 0 : reloj.velocidad };
    };
    sources.set(modo, source);
  }
  return source;
}
