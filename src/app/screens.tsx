import { type ComponentType, lazy } from 'react';
import {
  DEFAULT_PANEL_TEXT,
  PATH_OF_MODE,
  REGISTRAR_PATH,
  REGISTRAR_PLACEHOLDER,
} from '../features/shell/navigation';

/*
 * Screens load on demand: the register screen never pays for the map (MapLibre is most of the
 * bundle), and the shell paints before the map's code arrives.
 */
const operations = () => import('../features/operations/OperationsScreen');
const panels = () => import('../features/operations/panels');
const OperacionScreen = lazy(() => operations().then((m) => ({ default: m.OperacionScreen })));
const SimulacionScreen = lazy(() => operations().then((m) => ({ default: m.SimulacionScreen })));
const ColapsoScreen = lazy(() => operations().then((m) => ({ default: m.ColapsoScreen })));
const OperacionPanel = lazy(() => panels().then((m) => ({ default: m.OperacionPanel })));
const SimulacionPanel = lazy(() => panels().then((m) => ({ default: m.SimulacionPanel })));
const ColapsoPanel = lazy(() => panels().then((m) => ({ default: m.ColapsoPanel })));
const RegisterScreen = lazy(() =>
  import('../features/register/RegisterScreen').then((m) => ({ default: m.RegisterScreen })),
);

/** What each route shows: the screen itself and the content of its section panel. */
export interface ScreenDefinition {
  Screen: ComponentType;
  panelTitle: string;
  Panel: ComponentType;
}

export function DefaultPanelText() {
  return <p>{DEFAULT_PANEL_TEXT}</p>;
}

export function RegistrarPanelText() {
  return <p>{REGISTRAR_PLACEHOLDER}</p>;
}

const PANEL_TITLE = 'Controles de simulación';

export const SCREENS: Record<string, ScreenDefinition> = {
  [REGISTRAR_PATH]: { Screen: RegisterScreen, panelTitle: 'Registrar envío', Panel: RegistrarPanelText },
  [PATH_OF_MODE.operacion]: { Screen: OperacionScreen, panelTitle: PANEL_TITLE, Panel: OperacionPanel },
  [PATH_OF_MODE.semanal]: { Screen: SimulacionScreen, panelTitle: PANEL_TITLE, Panel: SimulacionPanel },
  [PATH_OF_MODE.colapso]: { Screen: ColapsoScreen, panelTitle: PANEL_TITLE, Panel: ColapsoPanel },
};
