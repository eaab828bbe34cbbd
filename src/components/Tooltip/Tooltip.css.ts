import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const tooltip = style({
  background: vars.color.text,
  color: vars.color.bg,
  padding: `${vars.space['1']} ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.xs,
  boxShadow: vars.shadow.md,
  zIndex: vars.zIndex.toast,
});
