import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: vars.size.navHeight,
  padding: `0 ${vars.space['4']}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  position: 'relative',
  zIndex: vars.zIndex.nav,
  '@media': {
    'screen and (max-width: 768px)': {
      flexWrap: 'wrap',
      padding: `${vars.space['2']} ${vars.space['3']}`,
      rowGap: 0,
    },
  },
});

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  outline: 'none',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const logoMark = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '28px',
  height: '28px',
  borderRadius: vars.radius.md,
  background: vars.color.accent,
  color: vars.color.accentText,
  fontSize: vars.fontSize.md,
});

export const links = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  flex: 1,
  minWidth: 0,
  '@media': {
    // Phones: a second row where the four short labels share the width, nothing cut or scrolled.
    'screen and (max-width: 768px)': {
      order: 3,
      flexBasis: '100%',
      paddingBottom: vars.space['1'],
      display: 'grid',
      gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
      gap: vars.space['1'],
    },
  },
});

export const link = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  textDecoration: 'none',
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.text, background: vars.color.surfaceSunken },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
    '&[aria-current="page"]': { color: vars.color.accent, background: vars.color.surfaceSunken },
  },
  '@media': {
    'screen and (max-width: 768px)': {
      padding: `${vars.space['2']} ${vars.space['1']}`,
      textAlign: 'center',
    },
  },
});

export const fullLabel = style({
  '@media': { 'screen and (max-width: 768px)': { display: 'none' } },
});

export const shortLabel = style({
  display: 'none',
  '@media': { 'screen and (max-width: 768px)': { display: 'inline' } },
});

export const end = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'], marginLeft: 'auto' });
