import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../styles/theme.css';

export const CHIP_TONES = ['neutral', 'disponible', 'limitado', 'saturado'] as const;

const tone = (color: string) => ({
  selectors: {
    '&[data-selected]': { borderColor: color, background: vars.color.surfaceSunken, color: vars.color.text },
    '&::before': { background: color },
  },
});

export const chip = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space['2'],
    height: '30px',
    padding: `0 ${vars.space['3']}`,
    borderRadius: vars.radius.full,
    border: `1px solid ${vars.color.border}`,
    background: 'transparent',
    color: vars.color.textMuted,
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.medium,
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&::before': {
        content: '""',
        width: '8px',
        height: '8px',
        borderRadius: vars.radius.full,
        opacity: 0.35,
      },
      '&[data-selected]::before': { opacity: 1 },
      '&[data-hovered]': { borderColor: vars.color.borderStrong },
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
      '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
    },
  },
  variants: {
    tone: {
      neutral: tone(vars.color.accent),
      disponible: tone(vars.load.disponible),
      limitado: tone(vars.load.limitado),
      saturado: tone(vars.load.saturado),
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type ChipVariants = NonNullable<RecipeVariants<typeof chip>>;
