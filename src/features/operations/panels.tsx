import { DEFAULT_PANEL_TEXT } from '../shell/navigation';

/** Section panel contents of the three run screens (the filter panel replaces these). */
const Placeholder = () => <p>{DEFAULT_PANEL_TEXT}</p>;

export const OperacionPanel = Placeholder;
export const SimulacionPanel = Placeholder;
export const ColapsoPanel = Placeholder;
