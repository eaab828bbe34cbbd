import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { ClockWidget } from '../../../src/features/clock/ClockWidget';

const fixedSource = async () => ({ now: new Date('2025-12-23T14:05:00Z'), rate: 0 });
const failingSource = async (): Promise<Date> => {
  throw new Error('sin servidor');
};

const meta = {
  title: 'features/clock/ClockWidget',
  component: ClockWidget,
  parameters: { layout: 'centered' },
  args: { isMobile: false },
} satisfies Meta<typeof ClockWidget>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  args: { timeSource: fixedSource },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('timer')).toHaveTextContent('14:05:00'));
  },
};

export const DesktopLocalTime: Story = {
  play: async ({ canvas }) => {
    // No time source: the clock ticks from the browser's own time.
    const first = canvas.getByRole('timer').textContent;
    await waitFor(() => expect(canvas.getByRole('timer').textContent).not.toBe(first), { timeout: 2500 });
  },
};

export const SourceFailing: Story = {
  args: { timeSource: failingSource },
  play: async ({ canvas }) => {
    // Failures are ignored: the clock still shows and ticks.
    await expect(canvas.getByRole('timer', { name: 'Hora del sistema' })).toBeVisible();
  },
};

export const Mobile: Story = {
  args: { isMobile: true, timeSource: fixedSource },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('timer')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Ver reloj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reloj' });
    await waitFor(() => expect(dialog).toHaveTextContent('14:05:00'));
  },
};

export const MobileOpen: Story = {
  args: { isMobile: true, timeSource: fixedSource, defaultOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Reloj' });
    await expect(dialog).toHaveTextContent('Hora del sistema');
  },
};
