import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../styles/theme.css';

export const zone = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space['3'],
    padding: vars.space['3'],
    border: `1px dashed ${vars.color.borderStrong}`,
    borderRadius: vars.radius.md,
    background: vars.color.surfaceSunken,
    color: vars.color.textMuted,
    fontSize: vars.fontSize.sm,
    cursor: 'pointer',
    outline: 'none',
    transition: 'background 120ms, border-color 120ms',
    selectors: {
      '&:hover': { borderColor: vars.color.accent },
      '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    },
  },
  variants: {
    state: {
      idle: {},
      dragging: {
        borderColor: vars.color.accent,
        borderStyle: 'solid',
        background: vars.color.surfaceRaised,
      },
      dialogOpen: { borderColor: vars.color.accent },
      accepted: { borderColor: vars.color.success, borderStyle: 'solid', color: vars.color.success },
      rejected: { borderColor: vars.color.danger, borderStyle: 'solid', color: vars.color.danger },
      busy: { borderColor: vars.color.accent, borderStyle: 'solid', color: vars.color.text },
      done: { borderColor: vars.color.success, borderStyle: 'solid', color: vars.color.success },
      failed: { borderColor: vars.color.danger, borderStyle: 'solid', color: vars.color.danger },
      cancelled: { color: vars.color.textMuted },
      info: { color: vars.color.warning },
    },
    disabled: {
      true: { opacity: 0.5, cursor: 'not-allowed' },
      false: {},
    },
  },
  defaultVariants: { state: 'idle', disabled: false },
});

export const icon = style({ flex: 'none' });

export const message = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere' });
