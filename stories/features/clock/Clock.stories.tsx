import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Clock } from '../../../src/features/clock/Clock';

const meta = {
  title: 'features/clock/Clock',
  component: Clock,
  parameters: { layout: 'centered' },
  args: { now: new Date('2025-12-23T14:05:09Z') },
} satisfies Meta<typeof Clock>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithDate: Story = {
  play: async ({ canvas }) => {
    const timer = canvas.getByRole('timer', { name: 'Hora del sistema' });
    await expect(timer).toHaveTextContent('14:05:09');
    await expect(timer).toHaveTextContent(/23 dic 2025/);
  },
};

export const TimeOnly: Story = {
  args: { showDate: false },
  play: async ({ canvas }) => {
    const timer = canvas.getByRole('timer');
    await expect(timer).toHaveTextContent('14:05:09');
    await expect(timer).not.toHaveTextContent(/dic/);
  },
};

/** The stream it follows is down: the clock says so rather than keep looking live. */
export const Offline: Story = {
  args: { offline: true },
  play: async ({ canvas }) => {
    const timer = canvas.getByRole('timer', { name: 'Hora del sistema, sin conexión' });
    await expect(timer).toHaveTextContent('14:05:09');
    await expect(timer).toHaveTextContent('sin conexión');
  },
};
