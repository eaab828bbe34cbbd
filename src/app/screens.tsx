import type { ComponentType } from 'react';
import { DEFAULT_PANEL_TEXT, REGISTRAR_PLACEHOLDER } from '../features/shell/navigation';

/**
 * What each route shows: the screen itself and the content of its section panel.
 * Features plug their screens in here.
 */
export interface ScreenDefinition {
  Screen: ComponentType;
  panelTitle: string;
  Panel: ComponentType;
}

function PlaceholderScreen() {
  return <div style={{ flex: 1 }} />;
}

export function DefaultPanelText() {
  return <p>{DEFAULT_PANEL_TEXT}</p>;
}

export function RegistrarPanelText() {
  return <p>{REGISTRAR_PLACEHOLDER}</p>;
}

export const SCREENS: Record<string, ScreenDefinition> = {
  '/registrar': { Screen: PlaceholderScreen, panelTitle: 'Registrar envío', Panel: RegistrarPanelText },
  '/operacion': { Screen: PlaceholderScreen, panelTitle: 'Controles de simulación', Panel: DefaultPanelText },
  '/simulacion': {
    Screen: PlaceholderScreen,
    panelTitle: 'Controles de simulación',
    Panel: DefaultPanelText,
  },
  '/colapso': { Screen: PlaceholderScreen, panelTitle: 'Controles de simulación', Panel: DefaultPanelText },
};
