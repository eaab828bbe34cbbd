import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  width: '100%',
  minHeight: '36px',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[data-hovered]': { borderColor: vars.color.borderStrong },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const compactTrigger = style({ minHeight: '30px', fontSize: vars.fontSize.sm });

export const value = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '&[data-placeholder]': { color: vars.color.textMuted } },
});

export const chevron = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

/** The select popover list is at most 14rem tall. */
export const listBox = style({
  maxHeight: '14rem',
  overflow: 'auto',
  padding: vars.space['1'],
  outline: 'none',
});

export const popover = style({ minWidth: 'var(--trigger-width)' });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.surfaceSunken },
    '&[data-selected]': { fontWeight: vars.fontWeight.bold, color: vars.color.accent },
    '&[data-disabled]': { opacity: 0.4, cursor: 'not-allowed' },
  },
});
