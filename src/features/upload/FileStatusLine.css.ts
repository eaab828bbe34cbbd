import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const status = style({
  margin: 0,
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const name = style({
  padding: 0,
  border: 'none',
  background: 'none',
  color: vars.color.accent,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  textAlign: 'start',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.accentHover },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const actions = style({ display: 'flex', gap: vars.space['2'], flexWrap: 'wrap' });

export const preview = style({
  margin: 0,
  padding: vars.space['3'],
  maxHeight: '60vh',
  overflow: 'auto',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  lineHeight: 1.5,
  whiteSpace: 'pre',
});
