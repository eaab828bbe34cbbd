import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../styles/theme.css';

const mobile = 'screen and (max-width: 768px)';

export const root = style({
  position: 'relative',
  flex: 1,
  minHeight: 0,
  width: '100%',
  height: '100%',
  overflow: 'hidden',
  // Around the globe is space, not sea: the app background sets the globe apart.
  background: vars.color.bg,
  zIndex: vars.zIndex.map,
});

export const canvasHost = style({
  position: 'absolute',
  inset: 0,
  transition: 'filter 300ms, opacity 300ms',
});

/** A map whose stream is down: still readable, visibly not live. */
export const dimmed = style({ filter: 'grayscale(0.8)', opacity: 0.55 });

export const problems = style({
  position: 'absolute',
  top: vars.space['3'],
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: vars.zIndex.panel,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  width: 'min(560px, calc(100% - 24px))',
  pointerEvents: 'none',
});

export const problem = style({
  pointerEvents: 'auto',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  boxShadow: vars.shadow.md,
});

/** The right-hand column: controls on top, then the detail cards, scrolling within the map's height. */
export const side = style({
  position: 'absolute',
  top: vars.space['3'],
  right: vars.space['3'],
  bottom: vars.space['3'],
  zIndex: vars.zIndex.panel,
  width: '320px',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  pointerEvents: 'none',
  '@media': {
    [mobile]: { left: vars.space['3'], width: 'auto', bottom: '120px' },
  },
});

export const controls = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space['2'],
  flex: 'none',
});

export const controlRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  alignItems: 'center',
  gap: vars.space['2'],
});

export const countBox = style({
  pointerEvents: 'auto',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space['1'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
  fontSize: vars.fontSize.sm,
});

export const countText = style({
  margin: 0,
  fontWeight: vars.fontWeight.medium,
  fontVariantNumeric: 'tabular-nums',
});

export const control = style({ pointerEvents: 'auto', boxShadow: vars.shadow.sm });

export const status = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space['2'],
    padding: `${vars.space['1']} ${vars.space['3']}`,
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.medium,
    background: vars.color.surface,
    color: vars.color.textMuted,
    border: `1px solid ${vars.color.border}`,
    boxShadow: vars.shadow.sm,
    pointerEvents: 'auto',
  },
  variants: {
    state: {
      connecting: {},
      connected: {},
      disconnected: {
        color: vars.color.danger,
        background: vars.color.dangerSurface,
        borderColor: vars.color.danger,
      },
    },
  },
});

export const dot = recipe({
  base: { width: '8px', height: '8px', borderRadius: vars.radius.full, flex: 'none' },
  variants: {
    state: {
      connecting: { background: vars.color.warning },
      connected: { background: vars.color.success },
      disconnected: { background: vars.color.danger },
    },
  },
});

export const label = style({
  position: 'absolute',
  left: 0,
  top: 0,
  zIndex: vars.zIndex.panel,
  pointerEvents: 'none',
  whiteSpace: 'nowrap',
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.map.label,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
  willChange: 'transform',
});

export const cards = style({
  pointerEvents: 'auto',
  flex: '0 1 auto',
  minHeight: 0,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  '@media': {
    [mobile]: { maxHeight: '45vh' },
  },
});

export const card = style({
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

export const cardHeader = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const cardSubtitle = style({ margin: 0, color: vars.color.textMuted });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space['3'],
  rowGap: vars.space['1'],
  margin: 0,
});

export const factName = style({ color: vars.color.textMuted });
export const factValue = style({ margin: 0, fontVariantNumeric: 'tabular-nums' });

export const meter = style({
  height: '6px',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  overflow: 'hidden',
});

export const meterFill = recipe({
  base: { height: '100%', borderRadius: vars.radius.full },
  variants: {
    nivel: {
      disponible: { background: vars.load.disponible },
      limitado: { background: vars.load.limitado },
      saturado: { background: vars.load.saturado },
    },
  },
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
});

export const listItem = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  fontVariantNumeric: 'tabular-nums',
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
});

export const muted = style({ color: vars.color.textMuted, margin: 0 });

export const cancelBox = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['1'],
});

/** What a cancellation did: a framed note in the card. */
export const outcome = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  padding: vars.space['2'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.border}`,
});

export const outcomeLine = style({ margin: 0, fontWeight: vars.fontWeight.medium });

export const outcomeWarning = style({
  margin: 0,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});
