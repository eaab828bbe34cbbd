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

export const stripInner = style({
  pointerEvents: 'auto',
  maxWidth: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['2'],
});

/** Below the collapsed section panel ('Ver más', one button high) on desktop. */
const BELOW_COLLAPSED_PANEL = `calc(${vars.space['3']} + 48px + ${vars.space['2']})`;

/**
 * Top left, clear of the section panel and never down to the status strip: the exceptions button and
 * panel, then the run's report or summary (which scrolls inside what is left).
 */
export const report = style({
  position: 'absolute',
  left: vars.space['3'],
  top: vars.space['3'],
  // Above the status strip (its height is measured: see RunOutcomePanel).
  bottom: 'var(--strip-clearance, 132px)',
  zIndex: vars.zIndex.panel,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  // A long report and the open exceptions scroll here, clear of the status strip, never the page.
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  pointerEvents: 'none',
  selectors: {
    '[data-panel-expanded="true"] &': { left: `calc(${vars.size.panelWidth} + ${vars.space['6']})` },
    '[data-panel-expanded="false"] &': { top: BELOW_COLLAPSED_PANEL },
  },
  '@media': {
    // Phones: below the map's zoom and projection buttons, which sit in the top row there.
    'screen and (max-width: 768px)': {
      selectors: {
        '[data-panel-expanded="true"] &': { left: vars.space['3'], top: '52px' },
        '[data-panel-expanded="false"] &': { top: '52px' },
      },
    },
  },
});
