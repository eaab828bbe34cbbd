import type { RelojDto, RunMode } from '../../../contract';
import { http } from '../../api/client';
import type { ClockReading, TimeSource } from './clockMath';

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
