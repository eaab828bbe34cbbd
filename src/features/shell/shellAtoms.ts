import { atom } from 'jotai';
import { atomFamily } from 'jotai/utils';

/**
 * Whether a screen's section panel is shown. Desktop starts expanded (operators work with the
 * controls at hand); the mobile bottom sheet starts closed so the map is visible.
 */
export const panelExpandedAtom = atomFamily((_path: string) => atom(true));
export const sheetOpenAtom = atomFamily((_path: string) => atom(false));
