import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const popover = style({
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  zIndex: vars.zIndex.popover,
  maxHeight: 'var(--visual-viewport-height)',
  overflow: 'auto',
  selectors: {
    '&[data-entering]': { animation: 'none' },
  },
});
