import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Clock } from '../../../src/features/clock/Clock';
import { NavBar } from '../../../src/features/shell/NavBar';

const meta = {
  title: 'features/shell/NavBar',
  component: NavBar,
  args: { path: '/operacion' },
} satisfies Meta<typeof NavBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Operacion: Story = {
  args: { clock: <Clock now={new Date('2025-12-23T14:05:09Z')} /> },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Secciones' });
    const links = [...nav.querySelectorAll('a')].map((a) => [
      a.getAttribute('aria-label'),
      a.getAttribute('href'),
    ]);
    await expect(links).toEqual([
      ['Registrar envío', '/registrar'],
      ['Operación Diaria', '/operacion'],
      ['Simulación Semanal', '/simulacion'],
      ['Colapso', '/colapso'],
    ]);
    // Desktop shows the full names (the phone's short ones are hidden).
    for (const link of nav.querySelectorAll('a'))
      await expect(link.innerText).toBe(link.getAttribute('aria-label'));
    await expect(canvas.getByRole('link', { name: 'Operación Diaria' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('link', { name: 'MoraPack, inicio' })).toHaveAttribute('href', '/');
    await expect(canvas.getByRole('timer')).toBeVisible();
  },
};

export const Registrar: Story = {
  args: { path: '/registrar' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Registrar envío' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.queryByRole('timer')).toBeNull();
  },
};

export const UnknownPath: Story = {
  args: { path: '/operacion/otra' },
  play: async ({ canvas }) => {
    // Links match exactly: a deeper path activates none.
    await expect(canvas.queryByRole('link', { current: 'page' })).toBeNull();
  },
};

export const Light: Story = {
  args: { path: '/simulacion' },
  parameters: { theme: 'light' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Simulación Semanal' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
  },
};
