import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** The sign-in card, centred on the page with nothing else around it. */
export const page = style({
  minHeight: '100dvh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space['4'],
  background: vars.color.bg,
});

export const box = style({ width: '100%', maxWidth: `calc(${vars.size.panelWidth} * 1.25)` });

export const brand = style({
  margin: `0 0 ${vars.space['4']}`,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  textAlign: 'center',
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const error = style({
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});

export const actions = style({ display: 'flex', justifyContent: 'flex-end' });
