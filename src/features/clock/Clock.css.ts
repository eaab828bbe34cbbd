import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const pill = style({
  display: 'inline-flex',
  alignItems: 'baseline',
  gap: vars.space['2'],
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  // A narrow panel wraps the caption under the time instead of cutting the time off.
  flexWrap: 'wrap',
  rowGap: 0,
  maxWidth: '100%',
});

export const time = style({
  fontFamily: vars.font.mono,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.md,
});
export const date = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });
export const zone = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const fab = style({
  position: 'fixed',
  right: vars.space['4'],
  bottom: vars.space['4'],
  zIndex: vars.zIndex.nav,
  borderRadius: vars.radius.full,
  boxShadow: vars.shadow.md,
  height: '48px',
  width: '48px',
});

export const popoverBody = style({
  padding: vars.space['4'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});
export const popoverTitle = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const offline = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  color: vars.color.danger,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
});

export const caption = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});
