import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../../src/components/Button/Button';
import { BUTTON_VARIANTS } from '../../src/components/Button/Button.css';

const meta = {
  title: 'components/Button',
  component: Button,
  parameters: { layout: 'centered' },
  args: { children: 'Aplicar', onPress: fn() },
  argTypes: { variant: { control: 'select', options: BUTTON_VARIANTS } },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  args: { variant: 'primary' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Aplicar' }));
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = {
  args: { variant: 'secondary', children: 'Limpiar' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Limpiar' })).toBeEnabled();
  },
};

export const Disabled: Story = {
  args: { variant: 'primary', isDisabled: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Aplicar' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};
