import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RunOutcomePanel } from '../../../src/features/runs/RunOutcomePanel';
import { RunSummaryCard } from '../../../src/features/runs/RunSummaryCard';
import { AIRPORTS, api, FINISHED_RUN, RESULT } from './fixtures';

const meta = {
  title: 'features/runs/RunSummaryCard',
  component: RunSummaryCard,
  parameters: { layout: 'centered' },
  args: {
    run: FINISHED_RUN,
    summary: RESULT,
    airports: AIRPORTS,
    onClose: fn(),
    onShowWarehouse: fn(),
    onShowFlight: fn(),
  },
} satisfies Meta<typeof RunSummaryCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A finished week: orders four ways, the fullest warehouse and flight, seat use and the wall time. */
export const Finished: Story = {
  play: async ({ canvas, args }) => {
    const card = within(canvas.getByRole('region', { name: 'Simulación terminada' }));
    await expect(card.getByText('22/12/2025 00:00 UTC – 29/12/2025 00:00 UTC · ×168')).toBeVisible();
    const orders = within(card.getByRole('region', { name: 'Pedidos (42.993)' }));
    await expect(orders.getByText('41.870 (97,4 %)')).toBeVisible();
    // es-ES groups thousands only from five digits.
    await expect(orders.getByText('1011')).toBeVisible();
    await expect(orders.getByText('12')).toBeVisible();
    await expect(card.getByText('1 h 00 min')).toBeVisible();
    await expect(card.getByText('42,1 % de los asientos')).toBeVisible();
    await userEvent.click(card.getByRole('button', { name: 'Lima (SPIM)' }));
    await expect(args.onShowWarehouse).toHaveBeenCalledWith('SPIM');
    await userEvent.click(card.getByRole('button', { name: 'SPIM → SEQM 21:09 local · 02:09 UTC' }));
    await expect(args.onShowFlight).toHaveBeenCalledWith(RESULT.picoVuelo!.id);
  },
};

/** A stopped run keeps its summary, titled as stopped; no peaks yet shows dashes. */
export const StoppedEarly: Story = {
  args: {
    run: { ...FINISHED_RUN, estado: 'detenida', fin: null, ahora: '2025-12-22T03:00:00.000Z' },
    summary: {
      ...RESULT,
      pedidos: 0,
      entregadosATiempo: 0,
      entregadosTarde: 0,
      sinRuta: 0,
      enTransito: 0,
      picoAlmacen: null,
      picoVuelo: null,
      utilizacionVuelos: 0,
      segundosReales: 12,
    },
  },
  play: async ({ canvas }) => {
    const card = within(canvas.getByRole('region', { name: 'Simulación detenida' }));
    await expect(card.getByText('22/12/2025 00:00 UTC – 22/12/2025 03:00 UTC · ×168')).toBeVisible();
    await expect(card.getAllByText('—')).toHaveLength(2);
    await expect(card.getByText('12 s')).toBeVisible();
  },
};

/** On /simulacion when the week ends: the card opens by itself, closes, and 'Ver resumen' reopens it. */
export const WhenTheWeekEnds: Story = {
  parameters: { layout: 'fullscreen', api: api([FINISHED_RUN]) },
  render: () => (
    <div style={{ position: 'relative', height: '100vh' }}>
      <RunOutcomePanel mode="semanal" />
    </div>
  ),
  play: async ({ canvas }) => {
    await canvas.findByRole('region', { name: 'Simulación terminada' });
    await expect(await canvas.findByRole('button', { name: 'Lima (SPIM)' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Cerrar resumen' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Ver resumen' }));
    await expect(await canvas.findByRole('region', { name: 'Simulación terminada' })).toBeVisible();
  },
};
