import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../styles/theme.css';

/** Only what the order card adds to the shared card styles of FlightMap.css.ts. */

export const status = recipe({
  base: {
    display: 'inline-block',
    marginTop: vars.space['1'],
    padding: `0 ${vars.space['2']}`,
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.bold,
    border: '1px solid currentColor',
  },
  variants: {
    tone: {
      ok: { color: vars.color.success, background: vars.color.successSurface },
      late: { color: vars.color.danger, background: vars.color.dangerSurface },
      neutral: { color: vars.color.textMuted, background: vars.color.surfaceSunken },
    },
  },
});

export const shipment = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  paddingTop: vars.space['2'],
  borderTop: `1px solid ${vars.color.border}`,
});

export const shipmentHead = style({ margin: 0, fontWeight: vars.fontWeight.medium });

export const leg = style({
  display: 'flex',
  flexDirection: 'column',
  paddingLeft: vars.space['2'],
  borderLeft: `2px solid ${vars.color.border}`,
  fontVariantNumeric: 'tabular-nums',
});

export const legCode = style({ fontWeight: vars.fontWeight.medium });
