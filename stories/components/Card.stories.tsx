import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Card } from '../../src/components/Card/Card';

const meta = {
  title: 'components/Card',
  component: Card,
  parameters: { layout: 'padded' },
  args: { title: 'Registro de pedido', children: <p>Contenido</p> },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Registro de pedido' })).toHaveTextContent('Contenido');
  },
};
