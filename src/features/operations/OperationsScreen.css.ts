import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const screen = style({
  position: 'relative',
  flex: 1,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
});

/**
 * Bottom of the map, clear of the expanded section panel (left), the map's controls (top right)
 * and its detail cards (right). Phones: above the 'Ver más' button.
 */
export const strip = style({
  position: 'absolute',
  left: vars.space['3'],
  bottom: vars.space['3'],
  right: vars.space['3'],
  zIndex: vars.zIndex.panel,
  pointerEvents: 'none',
  display: 'flex',
  justifyContent: 'flex-start',
  selectors: {
    '[data-panel-expanded="true"] &': { left: `calc(${vars.size.panelWidth} + ${vars.space['6']})` },
  },
  '@media': {
    'screen and (max-width: 768px)': {
      left: vars.space['3'],
      right: vars.space['3'],
      bottom: '64px',
      selectors: { '[data-panel-expanded="true"] &': { left: vars.space['3'] } },
    },
  },
});

export const stripInner = style({ pointerEvents: 'auto', maxWidth: '100%' });

/** Height kept free at the bottom for the status strip (two rows of figures). */
const STRIP_ROOM = '132px';

/** Top left: the collapse report (on /colapso), then the exceptions button and panel. */
export const report = style({
  position: 'absolute',
  left: vars.space['3'],
  top: vars.space['3'],
  zIndex: vars.zIndex.panel,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  // A long report and the open exceptions scroll here, clear of the status strip, never the page.
  maxHeight: `calc(100% - ${STRIP_ROOM})`,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  pointerEvents: 'none',
  selectors: {
    '[data-panel-expanded="true"] &': { left: `calc(${vars.size.panelWidth} + ${vars.space['6']})` },
  },
  '@media': {
    // Phones: below the map's zoom and projection buttons, which sit in the top row there.
    'screen and (max-width: 768px)': {
      top: '52px',
      maxHeight: `calc(100% - 52px - ${STRIP_ROOM})`,
      selectors: { '[data-panel-expanded="true"] &': { left: vars.space['3'] } },
    },
  },
});

export const reportItem = style({ pointerEvents: 'auto', maxWidth: '100%' });
