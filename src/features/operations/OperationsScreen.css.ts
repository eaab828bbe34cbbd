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
