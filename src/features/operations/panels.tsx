import { RunHistory } from '../runs/RunHistory';
import { ScreenFilterPanel } from './ScreenFilterPanel';

/**
 * Section panel contents of the three run screens: the filter panel 'Controles de simulación' and, on
 * the replayed modes, the history of past runs.
 */
export const OperacionPanel = () => <ScreenFilterPanel mode="operacion" />;
export const SimulacionPanel = () => (
  <>
    <ScreenFilterPanel mode="semanal" />
    <RunHistory mode="semanal" />
  </>
);
export const ColapsoPanel = () => (
  <>
    <ScreenFilterPanel mode="colapso" />
    <RunHistory mode="colapso" />
  </>
);
