import { style } from '@vanilla-extract/css';

export const icon = style({ flex: 'none', display: 'inline-block', verticalAlign: 'middle' });
