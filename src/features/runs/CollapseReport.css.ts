import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['4'],
  width: '320px',
  maxWidth: 'calc(100vw - 24px)',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.danger });
export const list = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: 0,
});
export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const value = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });
export const cause = style({ margin: 0, fontSize: vars.fontSize.sm });
export const links = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['1'] });
