import { Time } from '@internationalized/date';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TimeField } from '../../src/components/TimeField/TimeField';

const meta = {
  title: 'components/TimeField',
  component: TimeField<Time>,
  parameters: { layout: 'centered' },
  args: { label: 'Hora', onChange: fn() },
} satisfies Meta<typeof TimeField<Time>>;

export default meta;
type Story = StoryObj<typeof meta>;

const seg = (el: HTMLElement, type: string) =>
  within(el)
    .getAllByRole('spinbutton')
    .find((s) => s.getAttribute('data-type') === type)!;

/** Seconds by default, 24 hours: hours 0-23, minutes and seconds 0-59. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(seg(canvasElement, 'hour')).toHaveAttribute('aria-valuemin', '0');
    await expect(seg(canvasElement, 'hour')).toHaveAttribute('aria-valuemax', '23');
    await expect(seg(canvasElement, 'minute')).toHaveAttribute('aria-valuemax', '59');
    await expect(seg(canvasElement, 'second')).toHaveAttribute('aria-valuemax', '59');
    await expect(within(canvasElement).getByRole('group')).toHaveTextContent('HH:mm:ss');
  },
};

export const TwelveHour: Story = {
  args: { hourCycle: 12, defaultValue: new Time(0, 5, 0) },
  play: async ({ canvasElement }) => {
    const hour = seg(canvasElement, 'hour');
    await expect(hour).toHaveAttribute('aria-valuemin', '1');
    await expect(hour).toHaveAttribute('aria-valuemax', '12');
    await expect(hour).toHaveTextContent('12');
  },
};

/** Seconds wrap: 59 → 00 upwards, 00 → 59 downwards. */
export const WrapAround: Story = {
  args: { defaultValue: new Time(0, 0, 59) },
  play: async ({ canvasElement, args }) => {
    const second = seg(canvasElement, 'second');
    await userEvent.click(second);
    await userEvent.keyboard('{ArrowUp}');
    await expect(second).toHaveTextContent('00');
    await userEvent.keyboard('{ArrowDown}');
    await expect(second).toHaveTextContent('59');
    const hour = seg(canvasElement, 'hour');
    await userEvent.click(hour);
    await userEvent.keyboard('{ArrowDown}');
    await expect(hour).toHaveTextContent('23');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

/** Two digits typed in quick succession build one value and move to the next segment. */
export const TypedDigits: Story = {
  args: { defaultValue: new Time(8, 0, 0) },
  play: async ({ canvasElement }) => {
    const minute = seg(canvasElement, 'minute');
    await userEvent.click(minute);
    await userEvent.keyboard('45');
    await expect(minute).toHaveTextContent('45');
    // The entry is complete: focus moved to the seconds.
    await expect(seg(canvasElement, 'second')).toHaveFocus();
  },
};
