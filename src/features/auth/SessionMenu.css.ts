import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { BREAKPOINT_MOBILE_PX } from '../../styles/tokens';

export const menu = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'], minWidth: 0 });

export const who = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  maxWidth: '16ch',
  '@media': { [`screen and (max-width: ${BREAKPOINT_MOBILE_PX}px)`]: { display: 'none' } },
});
