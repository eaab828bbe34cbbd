import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../styles/theme.css';

export const panel = recipe({
  base: {
    position: 'absolute',
    top: vars.space['3'],
    left: vars.space['3'],
    zIndex: vars.zIndex.panel,
    display: 'flex',
    flexDirection: 'column',
    background: vars.color.surface,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.lg,
    boxShadow: vars.shadow.md,
    maxHeight: `calc(100% - 2 * ${vars.space['3']})`,
  },
  variants: {
    expanded: {
      true: { width: vars.size.panelWidth },
      false: { width: 'auto' },
    },
  },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['2']} ${vars.space['2']} ${vars.space['4']}`,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

export const body = style({
  overflow: 'auto',
  padding: `0 ${vars.space['4']} ${vars.space['4']}`,
  minHeight: 0,
});

export const mobileToggle = style({
  position: 'fixed',
  left: vars.space['4'],
  bottom: vars.space['4'],
  zIndex: vars.zIndex.nav,
  boxShadow: vars.shadow.md,
  height: '48px',
});

export const sheetOverlay = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  zIndex: vars.zIndex.popover,
  display: 'flex',
  alignItems: 'flex-end',
});

export const sheet = style({
  width: '100%',
  maxHeight: '85vh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  color: vars.color.text,
  borderTopLeftRadius: vars.radius.lg,
  borderTopRightRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

export const sheetDialog = style({ outline: 'none', display: 'flex', flexDirection: 'column', minHeight: 0 });

export const grabber = style({
  alignSelf: 'center',
  width: '40px',
  height: '4px',
  borderRadius: vars.radius.full,
  background: vars.color.borderStrong,
  marginTop: vars.space['2'],
});
