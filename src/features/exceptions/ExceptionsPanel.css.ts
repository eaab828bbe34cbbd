import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../styles/theme.css';

const mobile = 'screen and (max-width: 768px)';

export const dock = style({
  pointerEvents: 'auto',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  maxWidth: '100%',
});

export const badge = recipe({
  base: {
    minWidth: '20px',
    height: '20px',
    padding: `0 ${vars.space['1']}`,
    borderRadius: vars.radius.full,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.bold,
    background: vars.color.surfaceSunken,
    color: vars.color.text,
  },
  variants: {
    alert: { true: { background: vars.color.danger, color: vars.color.accentText }, false: {} },
  },
});

export const panel = style({
  width: '400px',
  maxWidth: 'calc(100vw - 24px)',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  padding: vars.space['3'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
});

export const header = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between' });
export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
export const subtitle = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const kinds = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
});

export const controls = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space['2'] });
export const search = style({ flex: '1 1 0', minWidth: 0 });
export const sort = style({ flex: '0 0 128px' });
export const direction = style({ flex: 'none', marginBottom: '3px' });

export const list = style({
  // Clear of the status strip at the bottom of the screen.
  height: 'clamp(160px, calc(100vh - 500px), 420px)',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  '@media': { [mobile]: { height: '36vh' } },
});

export const rowBody = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const rowTop = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  whiteSpace: 'nowrap',
});
export const key = style({ flex: 'none', fontFamily: vars.font.mono, fontWeight: vars.fontWeight.bold });
export const rowMeta = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});
export const reason = style({
  fontSize: vars.fontSize.xs,
  lineHeight: 1.35,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});

export const tag = recipe({
  base: {
    flex: 'none',
    padding: `0 ${vars.space['2']}`,
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.medium,
    border: '1px solid transparent',
  },
  variants: {
    tone: {
      late: {
        color: vars.color.danger,
        background: vars.color.dangerSurface,
        borderColor: vars.color.danger,
      },
      risk: {
        color: vars.color.warning,
        background: vars.color.surfaceSunken,
        borderColor: vars.color.warning,
      },
    },
  },
});

export const slack = recipe({
  base: {
    marginLeft: 'auto',
    whiteSpace: 'nowrap',
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.medium,
  },
  variants: { late: { true: { color: vars.color.danger }, false: { color: vars.color.warning } } },
});

export const pager = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  color: vars.color.textMuted,
});
export const pagerButtons = style({ display: 'flex', gap: vars.space['1'] });

export const problem = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  color: vars.color.danger,
});
export const muted = style({ margin: 0, color: vars.color.textMuted });
