import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RunHistory, RunHistoryView } from '../../../src/features/runs/RunHistory';
import { RunOutcomePanel } from '../../../src/features/runs/RunOutcomePanel';
import { api, HISTORY } from './fixtures';

const meta = {
  title: 'features/runs/RunHistory',
  component: RunHistoryView,
  parameters: { layout: 'padded' },
  args: { runs: HISTORY, status: 'success', onOpen: fn(), onRetry: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof RunHistoryView>;

export default meta;
type Story = StoryObj<typeof meta>;

const region = 'Simulaciones anteriores';

/** Past runs, newest first: when, dates, speed, wall time and result; each reopens its report or summary. */
export const List: Story = {
  play: async ({ canvas, args }) => {
    const list = within(canvas.getByRole('region', { name: region }));
    const items = list.getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent('Colapso el 19/01/2026 06:12 UTC');
    await expect(items[0]).toHaveTextContent('máx. · 48 s reales');
    await expect(items[1]).toHaveTextContent('×600 · 7 min 00 s reales · Detenida');
    await userEvent.click(within(items[1]).getByRole('button', { name: /^Ver resumen del / }));
    await expect(args.onOpen).toHaveBeenCalledWith(HISTORY[1]);
    await userEvent.click(within(items[2]).getByRole('button', { name: /^Ver informe del / }));
    await expect(args.onOpen).toHaveBeenCalledWith(HISTORY[2]);
  },
};

export const Empty: Story = {
  args: { runs: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Aún no hay simulaciones guardadas de este modo.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { runs: undefined, status: 'pending' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Cargando historial…')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { runs: undefined, status: 'error', errorMessage: 'El servidor no responde' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'No se pudo cargar el historial: El servidor no responde.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Reintentar' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** The history beside the screen's report: an older run's report replaces the current one on screen. */
export const ReopensAnOlderReport: Story = {
  parameters: { layout: 'fullscreen', api: api([HISTORY[0]], HISTORY) },
  render: () => (
    <div style={{ position: 'relative', height: '100vh' }}>
      <div style={{ position: 'absolute', right: 12, top: 12, width: 340 }}>
        <RunHistory mode="colapso" />
      </div>
      <RunOutcomePanel mode="colapso" />
    </div>
  ),
  play: async ({ canvas }) => {
    const report = await canvas.findByRole('region', { name: 'Colapso del sistema' });
    await expect(report).toHaveTextContent('19/01/2026 06:12 UTC');
    const items = await within(canvas.getByRole('region', { name: region })).findAllByRole('listitem');
    await userEvent.click(within(items[2]).getByRole('button', { name: /^Ver informe del / }));
    const older = await canvas.findByRole('region', { name: 'Colapso del sistema' });
    await expect(older).toHaveTextContent('15/01/2026 22:40 UTC');
    await expect(older).toHaveAttribute('data-run-id', 'run-colapso-1');
  },
};
