import type { RunMode } from '../../api/contract';

export interface FlightMapProps {
  /** Whose run (and live stream) the map shows. */
  mode: RunMode;
}

/** Placeholder until the map feature lands. */
export function FlightMap({ mode }: FlightMapProps) {
  return <div data-testid="flight-map" data-mode={mode} style={{ flex: 1 }} />;
}
