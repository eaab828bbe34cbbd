import type { RunDto, RunMode, StartRunPayload } from '../../../contract';
import type { AppliedFilters } from '../filters/filterAtoms';

const sameInstant = (iso: string | null, date: Date | undefined) =>
  iso !== null && date !== undefined && new Date(iso).getTime() === date.getTime();

/**
 * What applying the panel starts, if anything: /simulacion runs the week [inicio, fin], /operacion
 * (re)bases daily operation at inicio, /colapso starts a collapse run unless one is moving. Applying
 * again with the same dates only changes the map filters.
 */
export function runToStart(
  mode: RunMode,
  filters: AppliedFilters,
  current: RunDto | null,
): StartRunPayload | null {
  switch (mode) {
    case 'semanal':
      if (!filters.inicio || !filters.fin) return null;
      if (current && sameInstant(current.inicio, filters.inicio) && sameInstant(current.fin, filters.fin))
        return null;
      return { modo: 'semanal', inicio: filters.inicio.toISOString(), fin: filters.fin.toISOString() };
    case 'operacion':
      if (!filters.inicio) return null;
      if (current && current.estado === 'en_curso' && sameInstant(current.inicio, filters.inicio))
        return null;
      return { modo: 'operacion', inicio: filters.inicio.toISOString() };
    case 'colapso':
      if (current && current.estado === 'en_curso') return null;
      return { modo: 'colapso' };
  }
}

export const RUN_STARTED_TEXT: Record<RunMode, string> = {
  semanal: 'Simulación semanal iniciada',
  operacion: 'Operación diaria iniciada',
  colapso: 'Simulación de colapso iniciada',
};
