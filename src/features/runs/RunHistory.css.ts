import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  paddingTop: vars.space['3'],
  marginTop: vars.space['3'],
  borderTop: `1px solid ${vars.color.border}`,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  padding: vars.space['2'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  fontSize: vars.fontSize.sm,
  selectors: { '&[data-shown="true"]': { borderColor: vars.color.accent } },
});

export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const when = style({ fontWeight: vars.fontWeight.medium });
export const detail = style({ margin: 0, color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' });
export const message = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
