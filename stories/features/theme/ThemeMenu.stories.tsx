import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { ThemeMenu } from '../../../src/features/theme/ThemeMenu';

const meta = {
  title: 'features/theme/ThemeMenu',
  component: ThemeMenu,
  parameters: { layout: 'centered' },
} satisfies Meta<typeof ThemeMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Cambiar tema' })).toBeVisible();
  },
};

export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Cambiar tema' }));
    const menu = await screen.findByRole('menu');
    const items = await screen.findAllByRole('menuitemradio');
    await expect(items.map((item) => item.textContent?.replace('✓', '').trim())).toEqual([
      'Light',
      'Dark',
      'System',
    ]);
    // Default theme is dark.
    await expect(screen.getByRole('menuitemradio', { name: /Dark/ })).toHaveAttribute('aria-checked', 'true');
    await expect(menu).toBeVisible();
  },
};

export const ChoosingLight: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Cambiar tema' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: /Light/ }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    await expect(localStorage.getItem('vite-ui-theme')).toBe('light');
  },
};
