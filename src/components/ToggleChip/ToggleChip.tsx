import { ToggleButton, type ToggleButtonProps } from 'react-aria-components';
import { type ChipVariants, chip } from './ToggleChip.css';

export type ToggleChipProps = ToggleButtonProps & ChipVariants;

/** A pill that toggles on and off (aria-pressed), with a coloured dot per tone. */
export function ToggleChip({ tone, className, ...props }: ToggleChipProps) {
  return (
    <ToggleButton
      {...props}
      className={[chip({ tone }), typeof className === 'string' ? className : ''].join(' ').trim()}
    />
  );
}
