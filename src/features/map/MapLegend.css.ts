import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const panel = style({
  pointerEvents: 'auto',
  alignSelf: 'flex-end',
  flex: 'none',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  padding: vars.space['3'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
  width: '300px',
  maxWidth: 'calc(100vw - 24px)',
});

export const group = style({
  margin: 0,
  padding: 0,
  border: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
});

export const groupTitle = style({
  margin: 0,
  padding: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
});

export const items = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
});

export const item = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'] });

export const swatch = style({ flex: 'none', width: '22px', height: '16px', overflow: 'visible' });

export const row = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space['3'],
  rowGap: vars.space['1'],
});

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.xs });
