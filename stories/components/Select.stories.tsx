import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { assertSelectOptions, Select } from '../../src/components/Select/Select';

const meta = {
  title: 'components/Select',
  component: Select,
  parameters: { layout: 'centered' },
  args: {
    label: 'Región',
    options: [
      { value: 'todas', label: 'Todas' },
      { value: 'andina', label: 'Andina' },
      { value: 'amazonica', label: 'Amazónica' },
      { value: 'costa', label: 'Costa' },
    ],
    defaultValue: 'todas',
    onChange: fn(),
  },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Región/ })).toHaveTextContent('Todas');
  },
};

export const Open: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Región/ }));
    const list = await screen.findByRole('listbox');
    await expect(within(list).getAllByRole('option')).toHaveLength(4);
    await userEvent.click(within(list).getByRole('option', { name: 'Amazónica' }));
    await expect(args.onChange).toHaveBeenCalledWith('amazonica');
  },
};

/** A select item cannot have an empty value. */
export const EmptyValueRejected: Story = {
  play: async () => {
    await expect(() => assertSelectOptions([{ value: '', label: 'Nada' }])).toThrow(/valor vacío/);
  },
};
