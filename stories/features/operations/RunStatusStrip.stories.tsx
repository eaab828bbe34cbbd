import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { RunProgress } from '../../../src/features/runs/RunProgress';
import { RunScope } from '../../../src/features/runs/RunScope';
import {
  NO_RUN_TEXT,
  OFFLINE_STRIP_TEXT,
  RunStatusStrip,
  RunStatusStripView,
} from '../../../src/features/runs/RunStatusStrip';
import { COLLAPSED_RUN, PARAMETERS, RANGE, RUN, SUMMARY } from './fixtures';

const meta = {
  title: 'features/operations/RunStatusStrip',
  component: RunStatusStripView,
  parameters: { layout: 'padded' },
  args: { run: RUN, summary: SUMMARY, onStop: fn() },
} satisfies Meta<typeof RunStatusStripView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoRun: Story = {
  args: { run: null, summary: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(NO_RUN_TEXT)).toBeVisible();
  },
};

/** Simulated time (UTC) and speed, orders, on-time % of the delivered, delivered (late), in transit (late by plan), unrouted, products in the air, busiest warehouse. */
export const Running: Story = {
  play: async ({ canvas, args }) => {
    const strip = canvas.getByRole('region', { name: 'Estado de la simulación' });
    await expect(strip).toHaveTextContent('En curso');
    await expect(strip).toHaveTextContent('Hora simulada07/01/2026 13:45 UTC');
    await expect(strip).toHaveTextContent('Velocidad×168');
    await expect(strip).toHaveTextContent('Pedidos recibidos12.480');
    await expect(strip).toHaveTextContent('A tiempo (de los entregados)96,4 %');
    await expect(strip).toHaveTextContent('Entregados9870 · 358 tarde');
    await expect(strip).toHaveTextContent('En tránsito2606 · 16 irán tarde');
    await expect(strip).toHaveTextContent('Sin ruta4');
    await expect(strip).toHaveTextContent('Productos en vuelo3940');
    await expect(strip).toHaveTextContent('Almacén más ocupadoSPIM 89 %');
    await userEvent.click(canvas.getByRole('button', { name: 'Detener' }));
    await expect(args.onStop).toHaveBeenCalled();
  },
};

/** Before the first summary answers, the run's own KPIs fill the strip. */
/** The stream is down: the strip says "Sin conexión" instead of the run state, figures dimmed. */
export const Offline: Story = {
  args: { offline: true },
  play: async ({ canvas }) => {
    const strip = canvas.getByRole('region', { name: 'Estado de la simulación' });
    await expect(strip).toHaveAttribute('data-offline', 'true');
    await expect(strip).toHaveTextContent('EstadoSin conexión');
    await expect(strip).not.toHaveTextContent('En curso');
  },
};

/** No run and no stream: it says the server is unreachable rather than invite a start. */
export const NoRunOffline: Story = {
  args: { run: null, summary: null, offline: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(OFFLINE_STRIP_TEXT)).toBeVisible();
    await expect(canvas.queryByText(NO_RUN_TEXT)).toBeNull();
  },
};

export const WithoutSummary: Story = {
  args: { summary: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Estado de la simulación' })).toHaveTextContent(
      'Pedidos recibidos12.480',
    );
    await expect(canvas.getByRole('region', { name: 'Estado de la simulación' })).toHaveTextContent(
      'Almacén más ocupado—',
    );
  },
};

export const Finished: Story = {
  args: { run: { ...RUN, estado: 'terminada' }, summary: { ...SUMMARY, estado: 'terminada' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Estado de la simulación' })).toHaveTextContent(
      'Terminada',
    );
    await expect(canvas.queryByRole('button', { name: 'Detener' })).not.toBeInTheDocument();
  },
};

export const Collapsed: Story = {
  args: { run: COLLAPSED_RUN, summary: { ...SUMMARY, estado: 'colapsada', velocidad: 'max' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Estado de la simulación' })).toHaveTextContent(
      'Colapsada',
    );
    await expect(canvas.getByRole('region', { name: 'Estado de la simulación' })).toHaveTextContent(
      'Velocidadmáx.',
    );
  },
};

export const Light: Story = {
  parameters: { theme: 'light' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Estado de la simulación' })).toHaveTextContent(
      'En curso',
    );
  },
};

/** Connected: the strip finds the screen's run in GET /simulaciones and polls its summary. */
export const FromServer: Story = {
  render: () => (
    <RunScope mode="semanal">
      <RunStatusStrip mode="semanal" />
    </RunScope>
  ),
  parameters: {
    api: {
      simulaciones: { json: [RUN] },
      [`simulaciones/${RUN.id}/resumen`]: { json: SUMMARY },
    },
  },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('region', { name: 'Estado de la simulación' })).toHaveTextContent(
        'Almacén más ocupadoSPIM 89 %',
      ),
    );
    await expect(canvas.getByRole('region', { name: 'Estado de la simulación' })).toHaveAttribute(
      'data-run-id',
      RUN.id,
    );
  },
};

/** Connected, other mode's run only: this screen has none. */
export const FromServerNoRunOfThisMode: Story = {
  render: () => (
    <RunScope mode="operacion">
      <RunStatusStrip mode="operacion" />
    </RunScope>
  ),
  parameters: { api: { simulaciones: { json: [RUN] } } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByText(NO_RUN_TEXT)).toBeVisible());
  },
};

/** Daily operation with no run started: the strip shows the server's real-time view. */
export const OperacionTiempoReal: Story = {
  render: () => (
    <RunScope mode="operacion">
      <RunStatusStrip mode="operacion" />
    </RunScope>
  ),
  parameters: {
    api: {
      simulaciones: { json: [] },
      'simulaciones/tiempo-real/resumen': { json: SUMMARY },
    },
  },
  play: async ({ canvas }) => {
    const strip = await canvas.findByRole('region', { name: 'Estado de la simulación' });
    await waitFor(() => expect(strip).toHaveTextContent('Tiempo real'));
    await expect(strip).toHaveAttribute('data-run-id', 'tiempo-real');
    await expect(strip).toHaveTextContent('Almacén más ocupadoSPIM 89 %');
    // The real-time view is not a run: nothing to stop.
    await expect(canvas.queryByRole('button', { name: 'Detener' })).toBeNull();
  },
};

/** A week's progress: the bar over [inicio, fin] and the wall time left at its speed. */
export const WeekProgress: Story = {
  args: {
    progress: <RunProgress run={RUN} nowMs={Date.parse('2026-01-08T12:00:00Z')} />,
  },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Progreso de la semana' });
    await expect(bar).toHaveAttribute('aria-valuenow', '50');
    await expect(canvas.getByText('Quedan 30 min a ×168')).toBeVisible();
  },
};

/** A collapse search's figures: simulated days, orders planned, demand factor, the busiest. */
export const CollapseProgress: Story = {
  args: {
    run: { ...COLLAPSED_RUN, estado: 'en_curso' },
    summary: null,
    progress: (
      <RunProgress
        run={{
          ...COLLAPSED_RUN,
          estado: 'en_curso',
          progreso: {
            ...COLLAPSED_RUN.progreso,
            pedidosPlanificados: 245_120,
            factorDemanda: 2.4,
            almacenMasOcupado: SUMMARY.almacenMasOcupado,
            vuelosMasOcupados: [
              {
                id: 'SPIM-SEQM-21:09@1',
                nombre: 'SPIM → SEQM 21:09',
                origen: 'SPIM',
                destino: 'SEQM',
                salida: '2026-01-18T02:09:00.000Z',
                salidaLocal: '21:09',
                carga: 340,
                capacidad: 340,
                porcentaje: 100,
              },
            ],
          },
        }}
        nowMs={Date.parse('2026-01-17T06:00:00Z')}
      />
    ),
  },
  play: async ({ canvas }) => {
    const figures = canvas.getByTestId('run-progress');
    await expect(figures).toHaveTextContent('Días simulados12,3');
    await expect(figures).toHaveTextContent('Pedidos planificados245.120');
    await expect(figures).toHaveTextContent('Demanda×2,4');
    await expect(figures).toHaveTextContent('Vuelos más llenosSPIM → SEQM 21:09 100 %');
  },
};

/** Phones: state and time; 'Cifras' opens the figures. */
export const Compact: Story = {
  args: { compact: true, time: { term: 'Hora simulada', value: '07/01/2026 13:45 UTC' } },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: async ({ canvas }) => {
    const strip = canvas.getByRole('region', { name: 'Estado de la simulación' });
    await expect(strip).toHaveTextContent('Hora simulada07/01/2026 13:45 UTC');
    await expect(strip).not.toHaveTextContent('Pedidos recibidos');
    await userEvent.click(canvas.getByRole('button', { name: 'Cifras' }));
    await expect(strip).toHaveTextContent('Pedidos recibidos12.480');
    await expect(canvas.getByRole('button', { name: 'Menos' })).toHaveAttribute('aria-expanded', 'true');
  },
};

/** No run on /simulacion: what to do next (the loaded range, 'Iniciar'). */
export const NoRunWhatNext: Story = {
  render: () => (
    <RunScope mode="semanal">
      <RunStatusStrip mode="semanal" />
    </RunScope>
  ),
  parameters: {
    api: {
      simulaciones: { json: [] },
      'pedidos/rango': { json: RANGE },
      'simulaciones/parametros': { json: PARAMETERS },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByTestId('order-range')).toHaveTextContent('42.993 pedidos');
    await expect(canvas.getByText(NO_RUN_TEXT)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Iniciar' })).toBeVisible();
  },
};
