import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const actions = style({
  display: 'flex',
  gap: vars.space['2'],
  padding: vars.space['1'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  width: 'fit-content',
});
