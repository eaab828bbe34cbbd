import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** The text box of TextField and NumberField. */
export const input = style({
  width: '100%',
  minWidth: 0,
  minHeight: '36px',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  outline: 'none',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted },
    '&[data-hovered]': { borderColor: vars.color.borderStrong },
    '&[data-focused]': { borderColor: vars.color.focus, outline: `1px solid ${vars.color.focus}` },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});
