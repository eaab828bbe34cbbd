import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent } from 'storybook/test';
import { DownloadMenu } from '../../../src/features/runs/DownloadMenu';

const meta = {
  title: 'features/runs/DownloadMenu',
  component: DownloadMenu,
  parameters: { layout: 'centered' },
  args: { runId: '3f2a9c1e-0000-4000-8000-000000000001', mode: 'semanal' },
} satisfies Meta<typeof DownloadMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Descargar' })).toBeVisible();
    await expect(screen.queryByRole('menu')).toBeNull();
  },
};

/** Every download is a link to the run's streamed file. */
export const Open: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Descargar' }));
    const items = await screen.findAllByRole('menuitem');
    await expect(items.map((i) => i.textContent?.trim())).toEqual([
      'Plan (JSON lines)',
      'Pedidos (CSV con ;)',
      'Pedidos (CSV con ,)',
      'Historia de KPI (CSV)',
      'Reporte (texto)',
      'Reporte (JSON)',
    ]);
    const base = `/api/simulaciones/${args.runId}/descargas`;
    await expect(items.map((i) => i.getAttribute('href'))).toEqual([
      `${base}/plan`,
      `${base}/pedidos`,
      `${base}/pedidos?separador=coma`,
      `${base}/kpis`,
      `${base}/reporte?formato=texto`,
      `${base}/reporte`,
    ]);
    await expect(items[0]).toHaveAttribute('download');
  },
};

/** A collapse search keeps no order plans: only its KPI history and report are offered. */
export const CollapseSearch: Story = {
  args: { mode: 'colapso' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Descargar' }));
    const items = await screen.findAllByRole('menuitem');
    await expect(items.map((i) => i.textContent?.trim())).toEqual([
      'Historia de KPI (CSV)',
      'Reporte (texto)',
      'Reporte (JSON)',
    ]);
  },
};
