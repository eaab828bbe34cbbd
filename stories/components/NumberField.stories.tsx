import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { NumberField } from '../../src/components/NumberField/NumberField';

const meta = {
  title: 'components/NumberField',
  component: NumberField,
  parameters: { layout: 'centered' },
  args: { label: 'Cantidad', minValue: 1, defaultValue: 1, onChange: fn() },
} satisfies Meta<typeof NumberField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Cantidad' });
    await expect(input).toHaveValue('1');
    await userEvent.click(canvas.getByRole('button', { name: /Aumentar/ }));
    await expect(input).toHaveValue('2');
    await expect(args.onChange).toHaveBeenLastCalledWith(2);
  },
};

/** At the minimum the decrement button is disabled. */
export const AtMinimum: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Reducir/ })).toBeDisabled();
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Debe ser > 0', defaultValue: Number.NaN },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Cantidad' })).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Debe ser > 0')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Cantidad' })).toBeDisabled();
  },
};
