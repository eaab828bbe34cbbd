import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CollapseReportView } from '../../../src/features/runs/CollapseReport';
import { RunOutcomePanel } from '../../../src/features/runs/RunOutcomePanel';
import { AIRPORTS, api, LONG_REPORT, REPORT, REPORT_RUN } from './fixtures';

const meta = {
  title: 'features/runs/CollapseReport',
  component: CollapseReportView,
  parameters: { layout: 'centered' },
  args: {
    report: REPORT,
    airports: AIRPORTS,
    onClose: fn(),
    onShowWarehouse: fn(),
    onShowFlight: fn(),
    onShowOrder: fn(),
  },
} satisfies Meta<typeof CollapseReportView>;

export default meta;
type Story = StoryObj<typeof meta>;

const reportRegion = (canvas: { getByRole: ReturnType<typeof within>['getByRole'] }) =>
  canvas.getByRole('region', { name: 'Colapso del sistema' });

/**
 * A saturated warehouse: when, the order, the cause, the warehouse as 'city (code)', the full flights by
 * name with local and UTC times (never an instance id), and the orders at the collapse split four ways.
 */
export const WarehouseSaturated: Story = {
  play: async ({ canvas, args }) => {
    const report = reportRegion(canvas);
    await expect(report).toHaveTextContent('19/01/2026 06:12 UTC');
    await expect(report).toHaveTextContent('Quito (SEQM)');
    await expect(report).not.toHaveTextContent('@');
    await userEvent.click(canvas.getByRole('button', { name: 'SPIM → SEQM 21:09 local · 02:09 UTC' }));
    await expect(args.onShowFlight).toHaveBeenCalledWith(REPORT.vuelos[0].id);
    await userEvent.click(canvas.getByRole('button', { name: 'Quito (SEQM)' }));
    await expect(args.onShowWarehouse).toHaveBeenCalledWith('SEQM');
    await userEvent.click(canvas.getByRole('button', { name: 'SEQM-000004512' }));
    await expect(args.onShowOrder).toHaveBeenCalledWith('SEQM-000004512');
    const kpis = within(canvas.getByRole('region', { name: /Pedidos al colapso/ }));
    await expect(kpis.getByText('Entregados a tiempo')).toBeVisible();
    await expect(kpis.getByText('Entregados tarde')).toBeVisible();
    await expect(kpis.getByText('Sin ruta')).toBeVisible();
    await expect(kpis.getByText('En tránsito')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Cerrar informe' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** Twenty full flights in a short window: the card keeps its height and its body scrolls. */
export const LongLists: Story = {
  args: { report: LONG_REPORT },
  decorators: [
    (Story) => (
      <div style={{ height: 480, display: 'flex' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const report = reportRegion(canvas);
    await expect(canvas.queryByRole('region', { name: 'Almacén saturado' })).toBeNull();
    await expect(within(report).getAllByRole('listitem')).toHaveLength(20);
    await expect(report.getBoundingClientRect().height).toBeLessThanOrEqual(481);
    const body = report.lastElementChild as HTMLElement;
    await expect(body.scrollHeight).toBeGreaterThan(body.clientHeight);
  },
};

/** A phone (375 px): the same report as a sheet from the bottom edge (see the e2e for its placement). */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <div style={{ position: 'relative', height: '100vh' }}>
      <div style={{ position: 'absolute', left: 0, right: 0, bottom: 0, display: 'flex' }}>
        <CollapseReportView {...args} />
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    const report = reportRegion(canvas);
    await expect(report).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Cerrar informe' })).toBeVisible();
  },
};

/** On /colapso: closed, a 'Ver informe' button stays; pressing it brings the report back. */
export const ClosedAndReopened: Story = {
  parameters: { layout: 'fullscreen', api: api([REPORT_RUN]) },
  render: () => (
    <div data-panel-expanded="false" style={{ position: 'relative', height: '100vh' }}>
      <RunOutcomePanel mode="colapso" />
    </div>
  ),
  play: async ({ canvas }) => {
    await canvas.findByRole('region', { name: 'Colapso del sistema' });
    await userEvent.click(canvas.getByRole('button', { name: 'Cerrar informe' }));
    await expect(canvas.queryByRole('region', { name: 'Colapso del sistema' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Ver informe' }));
    await expect(await canvas.findByRole('region', { name: 'Colapso del sistema' })).toBeVisible();
  },
};

/** While the search is still going there is nothing to report. */
export const WhileRunning: Story = {
  parameters: {
    layout: 'fullscreen',
    api: api([{ ...REPORT_RUN, estado: 'en_curso', reporte: null }]),
  },
  render: () => <RunOutcomePanel mode="colapso" />,
  play: async ({ canvas }) => {
    await new Promise((r) => setTimeout(r, 300));
    await expect(canvas.queryByRole('region', { name: 'Colapso del sistema' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Ver informe' })).toBeNull();
  },
};
