import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { BREAKPOINT_MOBILE_PX } from '../../styles/tokens';

/** The screen scrolls inside <main>; the two cards sit side by side on wide screens, stacked on narrow. */
export const screen = style({ flex: 1, minHeight: 0, overflow: 'auto' });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  gap: vars.space['4'],
  padding: vars.space['4'],
  maxWidth: `calc(${vars.size.panelWidth} * 4)`,
  margin: '0 auto',
  '@media': {
    [`screen and (min-width: ${BREAKPOINT_MOBILE_PX + 1}px)`]: {
      gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
      gap: vars.space['6'],
      padding: vars.space['6'],
    },
  },
});

export const intro = style({
  maxWidth: `calc(${vars.size.panelWidth} * 4)`,
  margin: `${vars.space['4']} auto 0`,
  padding: `0 ${vars.space['6']}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  '@media': {
    [`screen and (max-width: ${BREAKPOINT_MOBILE_PX}px)`]: { padding: `0 ${vars.space['4']}` },
  },
});
