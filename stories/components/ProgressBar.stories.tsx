import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ProgressBar } from '../../src/components/ProgressBar/ProgressBar';

const meta = {
  title: 'components/ProgressBar',
  component: ProgressBar,
  parameters: { layout: 'centered' },
  args: { label: 'Subiendo pedidos.txt...', value: 40 },
  decorators: [(Story) => <div style={{ width: 320 }}>{Story()}</div>],
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Partial: Story = {
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Subiendo pedidos.txt...' });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    await expect(bar).toHaveTextContent('40');
  },
};

export const Indeterminate: Story = {
  args: { label: 'Validando pedidos.txt...', isIndeterminate: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Validando pedidos.txt...' })).not.toHaveAttribute(
      'aria-valuenow',
    );
  },
};
