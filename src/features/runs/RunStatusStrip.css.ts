import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../styles/theme.css';

export const strip = style({
  display: 'flex',
  flexDirection: 'column',
  maxWidth: '100%',
  alignItems: 'stretch',
  gap: vars.space['1'],
  padding: vars.space['2'],
  margin: 0,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  fontSize: vars.fontSize.sm,
});

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  padding: `0 ${vars.space['2']}`,
  borderLeft: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderLeft: 'none' } },
});

export const term = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, whiteSpace: 'nowrap' });

export const value = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

export const state = recipe({
  base: {
    display: 'inline-block',
    padding: `0 ${vars.space['2']}`,
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.medium,
  },
  variants: {
    estado: {
      en_curso: { background: vars.color.successSurface, color: vars.color.success },
      terminada: { background: vars.color.surfaceSunken, color: vars.color.textMuted },
      colapsada: { background: vars.color.dangerSurface, color: vars.color.danger },
      detenida: { background: vars.color.surfaceSunken, color: vars.color.warning },
      pausada: { background: vars.color.surfaceSunken, color: vars.color.warning },
      fallida: { background: vars.color.dangerSurface, color: vars.color.danger },
    },
  },
});

export const empty = style({
  margin: 0,
  color: vars.color.textMuted,
  padding: `${vars.space['1']} ${vars.space['2']}`,
});
export const actions = style({ display: 'flex', alignItems: 'center', paddingLeft: vars.space['2'] });

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  margin: 0,
  flex: 1,
  minWidth: 0,
});

/** Figures from before the stream went down: still there, visibly not live. */
export const stale = style({ opacity: 0.55 });

export const offline = style({
  color: vars.color.danger,
  fontWeight: vars.fontWeight.bold,
});

export const main = style({ display: 'flex', alignItems: 'center', gap: vars.space['1'] });

/** Phones: the figures wrap under the state and time when opened, instead of a cut row. */
export const compact = style({ maxWidth: '100%' });

export const progress = style({
  padding: `${vars.space['1']} ${vars.space['2']} 0`,
  borderTop: `1px solid ${vars.color.border}`,
});

export const emptyBox = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const hint = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `0 ${vars.space['2']} ${vars.space['1']}`,
});
