import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { TextField } from '../../src/components/TextField/TextField';

const meta = {
  title: 'components/TextField',
  component: TextField,
  parameters: { layout: 'centered' },
  args: { label: 'ID de cliente', placeholder: 'Ej. 0018234', onChange: fn() },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'ID de cliente' });
    await expect(input).toHaveAttribute('placeholder', 'Ej. 0018234');
    await userEvent.type(input, '42');
    await expect(args.onChange).toHaveBeenLastCalledWith('42');
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Requerido' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'ID de cliente' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(canvas.getByText('Requerido')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: '0018234' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'ID de cliente' })).toBeDisabled();
  },
};
