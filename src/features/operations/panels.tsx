import { ScreenFilterPanel } from './ScreenFilterPanel';

/** Section panel contents of the three run screens: the filter panel 'Controles de simulación'. */
export const OperacionPanel = () => <ScreenFilterPanel mode="operacion" />;
export const SimulacionPanel = () => <ScreenFilterPanel mode="semanal" />;
export const ColapsoPanel = () => <ScreenFilterPanel mode="colapso" />;
