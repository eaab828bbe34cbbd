import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const clockRow = style({ display: 'flex', justifyContent: 'flex-end' });

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const picks = style({ display: 'grid', gridTemplateColumns: '1fr', gap: vars.space['2'] });

export const more = style({ alignSelf: 'flex-start' });

export const extra = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space['2'] });

export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space['2'] });

/** The disabled Aplicar sits in a focusable wrapper so its tooltip still shows (disabled buttons get no hover). */
export const disabledWrap = style({
  display: 'inline-flex',
  borderRadius: vars.radius.md,
  outline: 'none',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
export const disabledButton = style({ pointerEvents: 'none' });
