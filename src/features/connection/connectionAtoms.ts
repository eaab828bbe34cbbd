import { atom } from 'jotai';

/**
 * True while the live stream of the screen's map is down. The map owns the connection; the clocks
 * and the status strip, outside it, read this so none of them keeps looking live.
 */
export const streamOfflineAtom = atom(false);

export const OFFLINE_TEXT = 'sin conexión';
