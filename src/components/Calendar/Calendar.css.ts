import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const calendar = style({ padding: vars.space['3'], width: 'fit-content' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  marginBottom: vars.space['2'],
});

export const month = style({ width: '128px' });
export const year = style({ width: '92px' });

export const grid = style({ borderCollapse: 'collapse' });

export const weekday = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  padding: `${vars.space['1']} 0`,
  textTransform: 'uppercase',
});

export const cell = style({
  width: '34px',
  height: '32px',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-outside-month]': { color: vars.color.textMuted, opacity: 0.45 },
    '&[data-hovered]': { background: vars.color.surfaceSunken },
    '&[data-selected]': { background: vars.color.accent, color: vars.color.accentText },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[data-disabled], &[data-unavailable]': { opacity: 0.3, cursor: 'not-allowed' },
    '&[data-today]:not([data-selected])': { fontWeight: vars.fontWeight.bold, color: vars.color.accent },
  },
});
