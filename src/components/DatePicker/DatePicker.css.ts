import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const dialog = style({ outline: 'none', display: 'flex', flexDirection: 'column' });

export const time = style({
  padding: `0 ${vars.space['3']} ${vars.space['3']}`,
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space['3'],
});

export const display = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  minHeight: '1.2em',
});
