import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../styles/theme.css';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space['4'],
  zIndex: vars.zIndex.popover,
});

export const DIALOG_SIZES = ['md', 'wide'] as const;

export const modal = recipe({
  base: {
    background: vars.color.surfaceRaised,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.lg,
    boxShadow: vars.shadow.lg,
    maxHeight: '85vh',
    display: 'flex',
    flexDirection: 'column',
    outline: 'none',
  },
  variants: {
    size: {
      md: { width: 'min(640px, 100%)' },
      // Panels that need the room (charts): most of a desktop screen, all of a phone's.
      wide: { width: 'min(1120px, 100%)', maxHeight: '92vh' },
    },
  },
  defaultVariants: { size: 'md' },
});

export const dialog = style({
  outline: 'none',
  padding: vars.space['5'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  minHeight: 0,
  overflow: 'auto',
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space['2'] });
