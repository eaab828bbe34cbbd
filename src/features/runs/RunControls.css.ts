import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const range = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const growth = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});

export const growthLegend = style({
  padding: 0,
  marginBottom: vars.space['1'],
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const growthNote = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.danger });

export const readOnly = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
