import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../styles/theme.css';

export const BUTTON_VARIANTS = ['primary', 'secondary', 'ghost', 'danger'] as const;
export const BUTTON_SIZES = ['sm', 'md', 'icon'] as const;

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space['2'],
    border: `1px solid transparent`,
    borderRadius: vars.radius.md,
    fontWeight: vars.fontWeight.medium,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'background 120ms, border-color 120ms, color 120ms',
    outline: 'none',
    selectors: {
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
      '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.accent,
        color: vars.color.accentText,
        selectors: {
          '&[data-hovered]:not([data-disabled]), &[data-pressed]': { background: vars.color.accentHover },
        },
      },
      secondary: {
        background: vars.color.surfaceRaised,
        color: vars.color.text,
        borderColor: vars.color.border,
        selectors: {
          '&[data-hovered]:not([data-disabled]), &[data-pressed]': { borderColor: vars.color.borderStrong },
        },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.text,
        selectors: {
          '&[data-hovered]:not([data-disabled]), &[data-pressed]': { background: vars.color.surfaceSunken },
        },
      },
      danger: {
        background: vars.color.danger,
        color: '#fff',
      },
    },
    size: {
      sm: { height: '30px', padding: `0 ${vars.space['3']}`, fontSize: vars.fontSize.sm },
      md: { height: '36px', padding: `0 ${vars.space['4']}`, fontSize: vars.fontSize.md },
      icon: { height: '36px', width: '36px', padding: 0 },
    },
  },
  defaultVariants: { variant: 'secondary', size: 'md' },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;
