import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { type ButtonVariants, button } from './Button.css';

export type ButtonProps = AriaButtonProps & ButtonVariants;

export function Button({ variant, size, className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={[button({ variant, size }), typeof className === 'string' ? className : ''].join(' ').trim()}
    />
  );
}
