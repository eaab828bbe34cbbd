import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const slot = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

export const note = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });
