import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const week = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: '220px',
  flex: 1,
});

export const left = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const collapse = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: 0,
  fontSize: vars.fontSize.xs,
});

export const fact = style({ display: 'flex', flexDirection: 'column' });
export const term = style({ color: vars.color.textMuted });
export const value = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
});
