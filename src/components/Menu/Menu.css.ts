import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const menu = style({ padding: vars.space['1'], outline: 'none', minWidth: '160px' });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  fontSize: vars.fontSize.md,
  // Items that are links (downloads) read as menu entries, not as underlined page links.
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.surfaceSunken },
    '&[data-selected]': { fontWeight: vars.fontWeight.bold, color: vars.color.accent },
  },
});

export const check = style({ width: '14px', display: 'inline-block', textAlign: 'center' });
