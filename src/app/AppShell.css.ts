import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const shell = style({ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 });

export const main = style({
  position: 'relative',
  flex: 1,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.bg,
});

export const panelLoading = style({
  margin: 0,
  padding: vars.space['4'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
