import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  padding: vars.space['2'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  width: '100%',
  padding: `${vars.space['1']} ${vars.space['2']}`,
  border: `1px solid transparent`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontFamily: vars.font.mono,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.borderStrong },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
});

export const value = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const placeholder = style([value, { color: vars.color.textMuted, fontFamily: vars.font.body }]);

export const dialog = style({ outline: 'none', width: '280px', maxWidth: '90vw' });

export const search = style({
  padding: vars.space['2'],
  borderBottom: `1px solid ${vars.color.border}`,
});

export const input = style({
  width: '100%',
  height: '32px',
  padding: `0 ${vars.space['2']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  outline: 'none',
  selectors: { '&[data-focused]': { borderColor: vars.color.focus } },
});

/** List at most 14rem; the virtualizer renders only the visible rows. */
export const list = style({
  maxHeight: '14rem',
  overflow: 'auto',
  outline: 'none',
  padding: `${vars.space['1']} 0`,
});

export const empty = style({
  padding: vars.space['3'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `0 ${vars.space['3']}`,
  height: '100%',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused], &[data-hovered]': { background: vars.color.surfaceSunken },
  },
});

export const itemLabel = style({ fontFamily: vars.font.mono, whiteSpace: 'nowrap' });
export const itemDescription = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const check = style({ width: '12px', color: vars.color.accent });
export const status = style({
  padding: `${vars.space['1']} ${vars.space['3']}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const caret = style({ flex: 'none' });

export const error = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  color: vars.color.danger,
  background: vars.color.dangerSurface,
  fontSize: vars.fontSize.sm,
});

export const retry = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.danger,
  padding: `${vars.space['1']} ${vars.space['2']}`,
  cursor: 'pointer',
  fontSize: vars.fontSize.sm,
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` } },
});
