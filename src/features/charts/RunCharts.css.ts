import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], minWidth: 0 });

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const state = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
  gap: vars.space['3'],
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const sectionHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
});

export const picker = style({ minWidth: '220px' });
