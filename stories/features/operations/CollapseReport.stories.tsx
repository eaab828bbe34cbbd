import type { Meta, StoryObj } from '@storybook/react-vite';
import { useAtomValue } from 'jotai';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { activeAirportAtom } from '../../../src/features/map/mapAtoms';
import { CollapseReport, CollapseReportView } from '../../../src/features/runs/CollapseReport';
import { COLLAPSED_RUN } from './fixtures';

const REPORT = COLLAPSED_RUN.reporte!;

const meta = {
  title: 'features/operations/CollapseReport',
  component: CollapseReportView,
  parameters: { layout: 'centered' },
  args: { report: REPORT, onShowWarehouse: fn(), onShowFlight: fn(), onShowOrder: fn() },
} satisfies Meta<typeof CollapseReportView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Saturated warehouse: date and time, the order, the cause; buttons point the map at them. */
export const WarehouseSaturated: Story = {
  play: async ({ canvas, args }) => {
    const report = canvas.getByRole('region', { name: 'Colapso del sistema' });
    await expect(report).toHaveTextContent('19/01/2026 06:12 UTC');
    await expect(report).toHaveTextContent('SPIM-000004512');
    await expect(report).toHaveTextContent('Causa: El almacén de SPIM no tiene espacio');
    await userEvent.click(canvas.getByRole('button', { name: 'SPIM' }));
    await expect(args.onShowWarehouse).toHaveBeenCalledWith('SPIM');
    await userEvent.click(canvas.getByRole('button', { name: 'SPIM-000004512' }));
    await expect(args.onShowOrder).toHaveBeenCalledWith('SPIM-000004512');
  },
};

export const FlightsSaturated: Story = {
  args: {
    report: {
      ...REPORT,
      tipo: 'flights',
      almacen: null,
      causa: 'Todos los vuelos hacia SKBO antes del plazo están llenos.',
      vuelos: ['08:10', '16:40'].map((hhmm, i) => ({
        id: `SPIM-SKBO-${hhmm}@${29_450_000 + i * 510}`,
        nombre: `SPIM-SKBO-${hhmm}`,
        origen: 'SPIM',
        destino: 'SKBO',
        salida: '2026-01-19T13:10:00.000Z',
        salidaLocal: hhmm,
        carga: 300,
        capacidad: 300,
        porcentaje: 100,
      })),
    },
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.queryByText('Almacén saturado')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'SPIM-SKBO-16:40' }));
    await expect(args.onShowFlight).toHaveBeenCalledWith('SPIM-SKBO-16:40@29450510');
  },
};

function ActiveAirportProbe() {
  return <output data-testid="active-airport">{useAtomValue(activeAirportAtom) ?? ''}</output>;
}

/** On /colapso once the run collapses: the report shows and the map's active airport is the saturated warehouse. */
export const WhenTheRunCollapses: Story = {
  render: () => (
    <>
      <CollapseReport mode="colapso" />
      <ActiveAirportProbe />
    </>
  ),
  parameters: { api: { simulaciones: { json: [COLLAPSED_RUN] } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('region', { name: 'Colapso del sistema' })).toBeVisible();
    await waitFor(() => expect(canvas.getByTestId('active-airport')).toHaveTextContent('SPIM'));
  },
};

/** While the collapse run is still moving nothing shows. */
export const WhileRunning: Story = {
  render: () => <CollapseReport mode="colapso" />,
  parameters: { api: { simulaciones: { json: [{ ...COLLAPSED_RUN, estado: 'en_curso', reporte: null }] } } },
  play: async ({ canvas }) => {
    await new Promise((r) => setTimeout(r, 300));
    await expect(canvas.queryByRole('region', { name: 'Colapso del sistema' })).toBeNull();
  },
};
