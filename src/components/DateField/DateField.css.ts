import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const input = style({
  display: 'flex',
  alignItems: 'center',
  flex: 1,
  minWidth: 0,
  padding: `${vars.space['1']} 0`,
  fontVariantNumeric: 'tabular-nums',
  fontSize: vars.fontSize.md,
  whiteSpace: 'nowrap',
});

export const segment = style({
  padding: '0 1px',
  borderRadius: vars.radius.sm,
  outline: 'none',
  caretColor: 'transparent',
  selectors: {
    '&[data-placeholder]': { color: vars.color.textMuted },
    '&[data-type="literal"]': { color: vars.color.textMuted, padding: 0 },
    '&[data-focused]': { background: vars.color.accent, color: vars.color.accentText },
    '&[data-invalid]': { color: vars.color.danger },
  },
});

export const typingScope = style({ display: 'contents' });
