import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const group = style({ display: 'flex', alignItems: 'stretch', gap: vars.space['1'] });

export const stepper = style({
  flex: 'none',
  width: '36px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered], &[data-pressed]': { background: vars.color.surfaceSunken },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[data-disabled]': { opacity: 0.4, cursor: 'not-allowed' },
  },
});
