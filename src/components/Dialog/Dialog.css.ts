import { style } from '@vanilla-extract/css';
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

export const modal = style({
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  width: 'min(640px, 100%)',
  maxHeight: '85vh',
  display: 'flex',
  flexDirection: 'column',
  outline: 'none',
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
