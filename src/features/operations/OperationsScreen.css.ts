import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const screen = style({
  position: 'relative',
  flex: 1,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
});

/** Bottom-left over the map, clear of the map's controls (top right) and detail cards (right). */
export const strip = style({
  position: 'absolute',
  left: vars.space['3'],
  bottom: vars.space['3'],
  right: '330px',
  zIndex: vars.zIndex.panel,
  pointerEvents: 'none',
  display: 'flex',
  '@media': { 'screen and (max-width: 768px)': { right: vars.space['3'], bottom: '64px' } },
});

export const stripInner = style({ pointerEvents: 'auto', maxWidth: '100%' });

export const report = style({
  position: 'absolute',
  left: vars.space['3'],
  top: vars.space['3'],
  zIndex: vars.zIndex.panel,
});
