import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const summary = style({ margin: 0, color: vars.color.text });

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  maxHeight: 'min(50vh, 420px)',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  padding: vars.space['2'],
  borderRadius: vars.radius.sm,
  background: vars.color.dangerSurface,
  fontSize: vars.fontSize.sm,
});

export const where = style({ fontWeight: vars.fontWeight.bold, color: vars.color.danger });

export const message = style({ color: vars.color.text, overflowWrap: 'anywhere' });

export const text = style({
  fontFamily: vars.font.mono,
  color: vars.color.textMuted,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});
