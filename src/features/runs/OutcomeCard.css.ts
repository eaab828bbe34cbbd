import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../styles/theme.css';

const PHONE = 'screen and (max-width: 768px)';

/** Below the collapsed section panel ('Ver más', one button high) on desktop. */
const BELOW_COLLAPSED_PANEL = `calc(${vars.space['3']} + 48px + ${vars.space['2']})`;

/**
 * Where a run's report or summary sits: top left of the map, clear of the expanded section panel, and
 * never down to the status strip (it scrolls inside instead). Phones: a sheet from the bottom edge.
 */
export const dock = style({
  position: 'absolute',
  left: vars.space['3'],
  top: vars.space['3'],
  bottom: '112px',
  zIndex: vars.zIndex.panel,
  display: 'flex',
  alignItems: 'flex-start',
  pointerEvents: 'none',
  selectors: {
    '[data-panel-expanded="true"] &': { left: `calc(${vars.size.panelWidth} + ${vars.space['6']})` },
    '[data-panel-expanded="false"] &': { top: BELOW_COLLAPSED_PANEL },
  },
  '@media': {
    [PHONE]: {
      position: 'fixed',
      left: 0,
      right: 0,
      top: 'auto',
      bottom: 0,
      maxHeight: '75dvh',
      zIndex: vars.zIndex.nav,
      alignItems: 'stretch',
      selectors: {
        '[data-panel-expanded="true"] &': { left: 0 },
        '[data-panel-expanded="false"] &': { top: 'auto' },
      },
    },
  },
});

/** The closed card's 'Ver informe' button: top left on every screen (the phone's bottom has 'Ver más'). */
export const reopen = style({
  position: 'absolute',
  left: vars.space['3'],
  top: vars.space['3'],
  zIndex: vars.zIndex.panel,
  boxShadow: vars.shadow.md,
  borderRadius: vars.radius.md,
  selectors: {
    '[data-panel-expanded="true"] &': { left: `calc(${vars.size.panelWidth} + ${vars.space['6']})` },
    '[data-panel-expanded="false"] &': { top: BELOW_COLLAPSED_PANEL },
  },
  '@media': {
    [PHONE]: {
      selectors: {
        '[data-panel-expanded="true"] &': { left: vars.space['3'] },
        '[data-panel-expanded="false"] &': { top: vars.space['3'] },
      },
    },
  },
});

export const card = recipe({
  base: {
    pointerEvents: 'auto',
    display: 'flex',
    flexDirection: 'column',
    width: '410px',
    maxWidth: 'calc(100vw - 24px)',
    maxHeight: '100%',
    minHeight: 0,
    background: vars.color.surface,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.lg,
    boxShadow: vars.shadow.lg,
    '@media': {
      [PHONE]: {
        width: '100%',
        maxWidth: '100%',
        borderBottomLeftRadius: 0,
        borderBottomRightRadius: 0,
        borderBottom: 'none',
      },
    },
  },
  variants: {
    tone: {
      danger: { borderColor: vars.color.danger },
      neutral: {},
    },
  },
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  padding: `${vars.space['3']} ${vars.space['3']} ${vars.space['2']} ${vars.space['4']}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = recipe({
  base: { margin: 0, fontSize: vars.fontSize.lg, lineHeight: 1.3 },
  variants: { tone: { danger: { color: vars.color.danger }, neutral: { color: vars.color.text } } },
});

export const subtitle = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** The part that scrolls when the card is taller than its room. */
export const body = style({
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['4']} ${vars.space['4']}`,
  fontSize: vars.fontSize.sm,
  // Phones: the last lines scroll clear of the floating 'Ver más' and clock buttons.
  '@media': { [PHONE]: { paddingBottom: '76px' } },
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: 0,
});

export const term = style({ color: vars.color.textMuted });
export const value = style({
  margin: 0,
  fontWeight: vars.fontWeight.medium,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});

export const text = style({ margin: 0, lineHeight: 1.45 });

/** Figures side by side: two columns, each a big number over its name. */
export const kpis = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['2'],
  margin: 0,
});

export const kpi = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  justifyContent: 'flex-end',
  gap: '2px',
  padding: vars.space['2'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
});

export const kpiValue = recipe({
  base: {
    margin: 0,
    fontSize: vars.fontSize.lg,
    fontWeight: vars.fontWeight.bold,
    fontVariantNumeric: 'tabular-nums',
  },
  variants: {
    tone: {
      good: { color: vars.color.success },
      bad: { color: vars.color.danger },
      warn: { color: vars.color.warning },
      plain: {},
    },
  },
});

export const kpiTerm = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

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
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  columnGap: vars.space['2'],
});

export const muted = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' });

/** A short figure that never breaks inside (a day and a load). */
export const figure = style([muted, { whiteSpace: 'nowrap' }]);

/** A ghost button inside text: aligned with the text around it and underlined, so it reads as a link. */
export const inlineAction = style({
  marginLeft: `calc(-1 * ${vars.space['3']})`,
  textDecoration: 'underline dotted',
  textUnderlineOffset: '3px',
});

/** Facts one under another, the name above its value (long values with actions). */
export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  margin: 0,
});

export const stackItem = style({ display: 'flex', flexDirection: 'column', gap: '2px' });
