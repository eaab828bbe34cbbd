import type { ComponentType } from 'react';
import { ColapsoScreen, OperacionScreen, SimulacionScreen } from '../features/operations/OperationsScreen';
import { ColapsoPanel, OperacionPanel, SimulacionPanel } from '../features/operations/panels';
import { RegisterScreen } from '../features/register/RegisterScreen';
import { DEFAULT_PANEL_TEXT, REGISTRAR_PLACEHOLDER } from '../features/shell/navigation';

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
  '/registrar': { Screen: RegisterScreen, panelTitle: 'Registrar envío', Panel: RegistrarPanelText },
  '/operacion': { Screen: OperacionScreen, panelTitle: PANEL_TITLE, Panel: OperacionPanel },
  '/simulacion': { Screen: SimulacionScreen, panelTitle: PANEL_TITLE, Panel: SimulacionPanel },
  '/colapso': { Screen: ColapsoScreen, panelTitle: PANEL_TITLE, Panel: ColapsoPanel },
};
