import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../../src/app/AppShell';

const reloj = {
  json: { ahora: '2025-12-23T14:05:00.000Z', velocidad: 0, modo: 'operacion', estado: 'detenida' },
};

const meta = {
  title: 'app/AppShell',
  component: AppShell,
  parameters: { api: { reloj } },
  decorators: [
    (Story) => (
      <div style={{ height: '600px' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Operacion: Story = {
  parameters: { route: '/operacion' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Operación Diaria' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The nav bar's clock reads the server clock (the panel has its own pill too).
    const banner = within(canvas.getByRole('banner'));
    await waitFor(() => expect(banner.getByRole('timer')).toHaveTextContent('14:05:00'));
    await expect(canvas.getByRole('complementary', { name: 'Controles de simulación' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Ocultar' }));
    await expect(await canvas.findByRole('button', { name: 'Ver más' })).toBeVisible();
  },
};

export const Registrar: Story = {
  parameters: { route: '/registrar' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Registrar envío' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // No clock and no panel toggle on /registrar.
    await expect(canvas.queryByRole('timer')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Ver más' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Ocultar' })).toBeNull();
  },
};

export const RedirectsHome: Story = {
  parameters: { route: '/' },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('link', { name: 'Operación Diaria' })).toHaveAttribute('aria-current', 'page'),
    );
  },
};

export const UnknownPathRedirects: Story = {
  parameters: { route: '/no-existe' },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('link', { name: 'Operación Diaria' })).toHaveAttribute('aria-current', 'page'),
    );
  },
};
