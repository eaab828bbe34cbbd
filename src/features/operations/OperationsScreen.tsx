import type { RunMode } from '../../api/contract';
import { FlightMap } from '../map/FlightMap';

/** A run screen: the live map of that mode's run (status strip and reports come with the run feature). */
export function OperationsScreen({ mode }: { mode: RunMode }) {
  return <FlightMap mode={mode} />;
}

export const OperacionScreen = () => <OperationsScreen mode="operacion" />;
export const SimulacionScreen = () => <OperationsScreen mode="semanal" />;
export const ColapsoScreen = () => <OperationsScreen mode="colapso" />;
