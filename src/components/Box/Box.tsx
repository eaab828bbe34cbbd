import type { HTMLAttributes, ReactNode } from 'react';
import { type Sprinkles, sprinkles } from '../../styles/sprinkles.css';

type BoxProps = Sprinkles &
  Omit<HTMLAttributes<HTMLElement>, keyof Sprinkles> & {
    as?: 'div' | 'section' | 'header' | 'footer' | 'span' | 'ul' | 'li' | 'nav' | 'main' | 'aside';
    children?: ReactNode;
  };

/** Layout primitive: spacing and flex through sprinkles, so components never hard-code them. */
export function Box({ as: Tag = 'div', className, ...props }: BoxProps) {
  const sprinkleProps: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (sprinkles.properties.has(key as keyof Sprinkles)) sprinkleProps[key] = value;
    else rest[key] = value;
  }
  const classes = [sprinkles(sprinkleProps as Sprinkles), className].filter(Boolean).join(' ');
  return <Tag className={classes} {...rest} />;
}
