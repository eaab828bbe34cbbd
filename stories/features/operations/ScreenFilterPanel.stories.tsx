import type { Meta, StoryObj } from '@storybook/react-vite';
import { useAtomValue } from 'jotai';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { StartRunPayload } from '../../../contract';
import { appliedFiltersAtom, visibleAirportCodesAtom } from '../../../src/features/filters/filterAtoms';
import { activeAirportAtom, selectedFlightIdAtom } from '../../../src/features/map/mapAtoms';
import { ScreenFilterPanel } from '../../../src/features/operations/ScreenFilterPanel';
import { RunScope } from '../../../src/features/runs/RunScope';
import { AIRPORTS, FLIGHTS, ORDER_KEYS, PARAMETERS, RANGE, RUN } from './fixtures';

/** What the panel changed in the shared atoms, for the play functions. */
function Probe({ mode }: { mode: 'semanal' | 'colapso' | 'operacion' }) {
  const applied = useAtomValue(appliedFiltersAtom(mode));
  const visible = useAtomValue(visibleAirportCodesAtom(mode));
  const airport = useAtomValue(activeAirportAtom);
  const flight = useAtomValue(selectedFlightIdAtom);
  return (
    <output data-testid="probe">
      {JSON.stringify({ applied, visible: visible ? [...visible].sort() : null, airport, flight })}
    </output>
  );
}

const posted: StartRunPayload[] = [];

const api = {
  aereopuertos: { json: AIRPORTS },
  vuelos: { json: FLIGHTS },
  pedidos: ({ url }: { url: URL }) => {
    const q = (url.searchParams.get('buscar') ?? '').toLowerCase();
    return { json: ORDER_KEYS.filter((k) => k.toLowerCase().includes(q)) };
  },
  reloj: {
    json: { ahora: '2026-01-07T13:45:00.000Z', velocidad: 0, modo: 'colapso', estado: 'tiempo_real' },
  },
  simulaciones: { json: [] },
  'pedidos/rango': { json: RANGE },
  'simulaciones/parametros': { json: PARAMETERS },
  'POST simulaciones': async ({ body }: { body: BodyInit | null | undefined }) => {
    const payload = JSON.parse(String(body)) as StartRunPayload;
    posted.push(payload);
    return { status: 201, json: { ...RUN, modo: payload.modo, id: `run-${payload.modo}` } };
  },
};

const meta = {
  title: 'features/operations/ScreenFilterPanel',
  component: ScreenFilterPanel,
  parameters: { layout: 'padded', api },
  args: { mode: 'colapso' },
  render: (args) => (
    <RunScope mode={args.mode}>
      <div style={{ width: 360 }}>
        <ScreenFilterPanel {...args} />
        <Probe mode={args.mode} />
      </div>
    </RunScope>
  ),
  beforeEach: () => {
    posted.length = 0;
  },
} satisfies Meta<typeof ScreenFilterPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const probe = (el: HTMLElement) => JSON.parse(within(el).getByTestId('probe').textContent ?? '{}');

/** Real options: the plan's flights, airports as warehouses, continents and cities as regions. */
export const RealOptions: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Vuelo Seleccionar vuelo' }));
    await waitFor(() => expect(screen.getByRole('option', { name: /SPIM-SKBO-08:10/ })).toBeVisible());
    await expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(3);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(canvas.getByRole('button', { name: 'Más filtros' }));
    await userEvent.click(canvas.getByRole('button', { name: /Región/ }));
    const regions = within(await screen.findByRole('listbox')).getAllByRole('option');
    await expect(regions.map((o) => o.textContent)).toEqual(['Todas', 'America', 'Asia', 'Europa']);
    await userEvent.click(regions[1]);
    await userEvent.click(canvas.getByRole('button', { name: /Ciudad/ }));
    const cities = within(await screen.findByRole('listbox')).getAllByRole('option');
    // Only the chosen region's cities.
    await expect(cities.map((o) => o.textContent)).toEqual(['Todas', 'Bogotá', 'Lima']);
  },
};

/** Orders are searched on the server as the operator types. */
export const OrderSearch: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Pedido Seleccionar pedido' }));
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(4));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar pedido' }), '4512');
    // The server's answer replaces the list (an empty list shows while it is on its way).
    const match = await screen.findByRole('option', { name: 'SPIM-000004512' }, { timeout: 5000 });
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['SPIM-000004512']),
    );
    await userEvent.click(match);
    await expect(canvas.getByRole('button', { name: 'Pedido SPIM-000004512' })).toBeVisible();
  },
};

/**
 * /colapso: Aplicar only filters (no backend call): it stores the applied filters for the map, turns the
 * region into the set of visible airports, and points the map at the picked warehouse and flight.
 */
export const ApplyOnlyFilters: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Almacén Seleccionar almacén' }));
    await userEvent.click(await screen.findByRole('option', { name: /UBBB/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Vuelo Seleccionar vuelo' }));
    await userEvent.click(await screen.findByRole('option', { name: /EBCI-UBBB-22:00/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Más filtros' }));
    await userEvent.click(canvas.getByRole('button', { name: /Región/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Europa' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Aplicar' }));
    // The toast slides in; on a busy machine that takes longer than the default second.
    await waitFor(() => expect(screen.getByText('Filtros aplicados')).toBeVisible(), { timeout: 5000 });
    await expect(posted).toEqual([]);
    const state = probe(canvasElement);
    await expect(state.applied).toMatchObject({
      region: 'europa',
      almacen: 'UBBB',
      vuelo: 'EBCI-UBBB-22:00',
    });
    await expect(state.visible).toEqual(['EBCI']);
    await expect(state.airport).toBe('UBBB');
    await expect(state.flight).toBe('EBCI-UBBB-22:00');
  },
};

/** /simulacion: the dates start as the loaded orders' range, which the panel names. */
export const DatesFromOrderRange: Story = {
  args: { mode: 'semanal' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('22 de diciembre de 2025 00:01')).toBeVisible();
    await expect(canvas.getByText('31 de diciembre de 2025 23:59')).toBeVisible();
    await expect(canvas.getByTestId('order-range')).toHaveTextContent(
      'Pedidos cargados: del 22/12/2025 00:01 al 31/12/2025 23:59 UTC (42.993 pedidos)',
    );
  },
};

/** /simulacion: 'Iniciar' runs the week [inicio, fin] (sent as UTC) at the chosen speed. */
export const StartsWeeklyRun: Story = {
  args: { mode: 'semanal' },
  play: async ({ canvas }) => {
    await canvas.findByText('22 de diciembre de 2025 00:01');
    const segs = (name: RegExp) => within(canvas.getByRole('group', { name })).getAllByRole('spinbutton');
    await userEvent.click(segs(/Fecha de inicio/)[0]);
    await userEvent.keyboard('050120260000');
    await userEvent.click(segs(/Fecha de fin/)[0]);
    await userEvent.keyboard('120120260000');
    const run = within(canvas.getByRole('region', { name: 'Simulación' }));
    await userEvent.click(run.getByRole('button', { name: /Velocidad/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Semana en 30 min (×336)' }));
    await userEvent.click(run.getByRole('button', { name: 'Iniciar' }));
    await waitFor(() => expect(screen.getByText('Simulación semanal iniciada')).toBeVisible(), {
      timeout: 5000,
    });
    await expect(posted).toEqual([
      {
        modo: 'semanal',
        inicio: '2026-01-05T00:00:00.000Z',
        fin: '2026-01-12T00:00:00.000Z',
        velocidad: 336,
      },
    ]);
  },
};

/** Another operator's run: an untouched panel shows its dates; applying them starts nothing. */
export const ShowsTheCurrentRun: Story = {
  args: { mode: 'semanal' },
  parameters: { api: { ...api, simulaciones: { json: [RUN] } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('5 de enero de 2026 00:00')).toBeVisible();
    await expect(canvas.getByText('12 de enero de 2026 00:00')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(screen.getByText('Filtros aplicados')).toBeVisible(), { timeout: 5000 });
    await expect(posted).toEqual([]);
  },
};

/** A refused start shows the server's message. */
export const StartRefused: Story = {
  parameters: {
    api: {
      ...api,
      'POST simulaciones': {
        status: 400,
        json: { message: 'No hay pedidos cargados: carga un archivo de pedidos', code: 'SIN_PEDIDOS' },
      },
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(
      within(canvas.getByRole('region', { name: 'Simulación' })).getByRole('button', { name: 'Iniciar' }),
    );
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'No hay pedidos cargados: carga un archivo de pedidos',
    );
  },
};
