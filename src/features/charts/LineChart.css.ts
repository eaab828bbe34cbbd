import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const figure = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
  padding: vars.space['3'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const header = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space['2'],
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const reading = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

export const plot = style({ position: 'relative', width: '100%' });

export const svg = style({
  display: 'block',
  width: '100%',
  overflow: 'visible',
  outline: 'none',
  borderRadius: vars.radius.sm,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const grid = style({ stroke: vars.color.border, strokeWidth: 1 });
export const axisText = style({
  fill: vars.color.textMuted,
  fontSize: '10px',
  fontVariantNumeric: 'tabular-nums',
});
export const line = style({
  fill: 'none',
  strokeWidth: 1.75,
  strokeLinejoin: 'round',
  strokeLinecap: 'round',
});
export const crosshair = style({ stroke: vars.color.textMuted, strokeWidth: 1, strokeDasharray: '2 2' });
export const mark = style({ stroke: vars.color.danger, strokeWidth: 1.5, strokeDasharray: '4 3' });
export const markText = style({
  fill: vars.color.danger,
  fontSize: '10px',
  fontWeight: vars.fontWeight.bold,
});
export const empty = style({ fill: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const legend = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['1'] });
export const swatch = style({ width: '14px', height: '3px', borderRadius: '2px' });
