import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { RunCharts } from '../../../src/features/charts/RunCharts';
import { COLLAPSED_SERIES, EMPTY_SERIES, FINISHED_SERIES, RUNNING_SERIES } from './fixtures';

const meta = {
  title: 'features/charts/RunCharts',
  component: RunCharts,
  parameters: { layout: 'padded' },
  args: { series: FINISHED_SERIES },
} satisfies Meta<typeof RunCharts>;

export default meta;
type Story = StoryObj<typeof meta>;

const charts = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('figure[data-chart]')];

/** The history is on its way. */
export const Loading: Story = {
  args: { series: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Cargando la historia de la simulación...')).toBeVisible();
  },
};

/** A run that has not moved yet: every chart says there is nothing to draw. */
export const Empty: Story = {
  args: { series: EMPTY_SERIES },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Sin datos todavía: la simulación no ha empezado')).toBeVisible();
    for (const figure of charts(canvasElement)) await expect(figure.dataset.samples).toBe('0');
    await expect(canvas.getAllByText('Sin datos todavía').length).toBeGreaterThanOrEqual(3);
  },
};

/** Half a week in: the axis spans the week, the lines stop at the last sample. */
export const Running: Story = {
  args: { series: RUNNING_SERIES },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText(/^En curso · hasta /)).toBeVisible();
    const onTime = canvas.getByRole('img', { name: /^Pedidos entregados a tiempo: A tiempo \d+ %/ });
    await expect(onTime).toBeVisible();
    // Three network charts and the four busiest warehouses.
    await expect(charts(canvasElement)).toHaveLength(3 + 4);
    await expect(canvasElement.querySelector('[data-mark]')).toBeNull();
  },
};

/** A whole week: the arrow keys read the samples one by one. */
export const Finished: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^Terminada · /)).toBeVisible();
    const chart = canvas.getByRole('img', { name: /^Productos en vuelo:/ });
    chart.focus();
    await userEvent.keyboard('{Home}');
    const figure = chart.closest('figure') as HTMLElement;
    await expect(within(figure).getByText(/^0?5\/0?1, 00:00 UTC · /)).toBeVisible();
    await userEvent.keyboard('{ArrowRight}');
    await expect(within(figure).getByText(/^0?5\/0?1, 00:30 UTC · /)).toBeVisible();
  },
};

/** A collapse: the instant is marked on every chart; any airport can be added to the busiest ones. */
export const Collapsed: Story = {
  args: { series: COLLAPSED_SERIES },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText(/^Colapsada el 0?8\/0?1, 12:00 UTC$/)).toBeVisible();
    const marked = canvasElement.querySelectorAll('[data-mark="Colapso"]');
    await expect(marked.length).toBe(charts(canvasElement).length);
    // The busiest four are the fullest at their peak; Lima is not among them here.
    await expect(canvas.queryByRole('img', { name: /^Lima \(SPIM\)/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /Otro aeropuerto/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Lima (SPIM)' }));
    await waitFor(() => expect(canvas.getByRole('img', { name: /^Lima \(SPIM\)/ })).toBeVisible());
    await expect(charts(canvasElement)).toHaveLength(3 + 5);
  },
};

/** Light theme. */
export const CollapsedLight: Story = {
  args: { series: COLLAPSED_SERIES },
  parameters: { theme: 'light' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-mark="Colapso"]').length).toBeGreaterThan(0);
  },
};
