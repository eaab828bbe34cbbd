import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useAtomValue } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import type { ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { OrderDetailDto } from '../../../contract';
import { selectedFlightIdAtom, selectedOrderKeyAtom } from '../../../src/features/map/mapAtoms';
import { OrderCard } from '../../../src/features/map/OrderCard';
import { SAMPLE_AIRPORTS } from '../../../src/features/map/syntheticFlights';
import { ORDER_ON_TIME as ON_TIME } from './orderFixtures';

/** Split over two sedes: one part already delivered, the other waiting at a stopover, past its deadline. */
const LATE: OrderDetailDto = {
  id: 'EDDI-000000007',
  destino: 'EDDI',
  cantidad: 300,
  clienteId: '0098765',
  fecha: '2026-01-05T22:30:00.000Z',
  plazo: '2026-01-06T22:30:00.000Z',
  estado: 'atrasado',
  envios: [
    {
      cantidad: 200,
      origen: 'SKBO',
      tramos: [
        {
          vuelo: 'SKBO-EDDI-18:00@29468000',
          origen: 'SKBO',
          destino: 'EDDI',
          salida: '2026-01-05T23:00:00.000Z',
          llegada: '2026-01-06T10:00:00.000Z',
        },
      ],
      llegada: '2026-01-06T10:00:00.000Z',
      listo: '2026-01-06T12:00:00.000Z',
      ubicacion: 'entregado',
    },
    {
      cantidad: 100,
      origen: 'SPIM',
      tramos: [
        {
          vuelo: 'SPIM-SKBO-08:00@29468600',
          origen: 'SPIM',
          destino: 'SKBO',
          salida: '2026-01-06T13:00:00.000Z',
          llegada: '2026-01-06T16:30:00.000Z',
        },
        {
          vuelo: 'SKBO-EDDI-18:00@29469440',
          origen: 'SKBO',
          destino: 'EDDI',
          salida: '2026-01-06T23:00:00.000Z',
          llegada: '2026-01-07T10:00:00.000Z',
        },
      ],
      llegada: '2026-01-07T10:00:00.000Z',
      listo: '2026-01-07T12:00:00.000Z',
      ubicacion: 'SKBO',
    },
  ],
};

const PENDING: OrderDetailDto = {
  id: 'SKBO-000000044',
  destino: 'SKBO',
  cantidad: 5,
  clienteId: '0000042',
  fecha: '2026-01-06T09:15:00.000Z',
  plazo: null,
  estado: 'pendiente',
  envios: [],
};

const MISSING = 'SPIM-000000999';

function Hydrate({ orderKey, children }: { orderKey: string; children: ReactNode }) {
  useHydrateAtoms([[selectedOrderKeyAtom, orderKey]]);
  return children;
}
const picked =
  (orderKey: string): Decorator =>
  (Story) => (
    <Hydrate orderKey={orderKey}>
      <Story />
    </Hydrate>
  );

/** Shows the selection the card writes (closing clears the order; 'En vuelo' opens the flight). */
function SelectionProbe() {
  const order = useAtomValue(selectedOrderKeyAtom);
  const flight = useAtomValue(selectedFlightIdAtom);
  return (
    <output data-testid="selection" hidden>
      {`${order ?? 'ninguno'}|${flight ?? 'ninguno'}`}
    </output>
  );
}

const meta = {
  title: 'features/map/OrderCard',
  component: OrderCard,
  args: { mode: 'operacion', airports: SAMPLE_AIRPORTS },
  parameters: {
    api: {
      [`pedidos/${ON_TIME.id}`]: { json: ON_TIME },
      [`pedidos/${LATE.id}`]: { json: LATE },
      [`pedidos/${PENDING.id}`]: { json: PENDING },
      [`pedidos/${MISSING}`]: {
        status: 404,
        json: { message: `El pedido ${MISSING} no existe`, code: 'NO_ENCONTRADO' },
      },
    },
  },
  decorators: [
    (Story) => (
      // The width of the map's card column.
      <div style={{ width: 300, padding: 12 }}>
        <Story />
        <SelectionProbe />
      </div>
    ),
  ],
} satisfies Meta<typeof OrderCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const card = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('region', { name: 'Detalle del pedido' });
const selection = (canvasElement: HTMLElement) => within(canvasElement).getByTestId('selection');

export const LoadedOnTime: Story = {
  decorators: [picked(ON_TIME.id)],
  play: async ({ canvasElement }) => {
    const region = await card(canvasElement);
    const c = within(region);
    await expect(c.getByRole('heading', { name: `Pedido ${ON_TIME.id}` })).toBeVisible();
    await expect(await c.findByText('A tiempo')).toBeVisible();
    await expect(region).toHaveTextContent('DestinoTokio (RJTT)');
    await expect(region).toHaveTextContent('Cantidad120');
    await expect(region).toHaveTextContent('Cliente0001234');
    await expect(region).toHaveTextContent('Fecha5/1, 08:00 UTC');
    await expect(region).toHaveTextContent('Plazo7/1, 08:00 UTC');
    await expect(region).toHaveTextContent('120 productos desde Lima (SPIM)');
    const legs = within(c.getByRole('list', { name: 'Tramos' })).getAllByRole('listitem');
    await expect(legs).toHaveLength(2);
    await expect(legs[0]).toHaveTextContent('SPIM-KLAX-05:00 · SPIM → KLAX5/1, 10:00 → 5/1, 18:00 UTC');
    await expect(legs[1]).toHaveTextContent('KLAX-RJTT-12:00 · KLAX → RJTT5/1, 20:00 → 6/1, 08:00 UTC');
    await expect(region).toHaveTextContent('Listo6/1, 10:00 UTC');
    await expect(region).toHaveTextContent('UbicaciónEn vuelo KLAX-RJTT-12:00');

    // The flight carrying the products opens its own card.
    await userEvent.click(c.getByRole('button', { name: 'KLAX-RJTT-12:00' }));
    await expect(selection(canvasElement)).toHaveTextContent(`${ON_TIME.id}|KLAX-RJTT-12:00@29468400`);

    // Every leg opens its flight's card, one still on the ground too (where it can be cancelled).
    const firstLeg = ON_TIME.envios[0]?.tramos[0]?.vuelo ?? '';
    await userEvent.click(c.getByRole('button', { name: 'Ver vuelo SPIM-KLAX-05:00' }));
    await expect(selection(canvasElement)).toHaveTextContent(`${ON_TIME.id}|${firstLeg}`);
    await userEvent.click(c.getByRole('button', { name: 'KLAX-RJTT-12:00' }));

    // Closing clears the picked order (and with it the route on the map).
    await userEvent.click(c.getByRole('button', { name: 'Cerrar detalle del pedido' }));
    await waitFor(() =>
      expect(within(canvasElement).queryByRole('region', { name: 'Detalle del pedido' })).toBeNull(),
    );
    await expect(selection(canvasElement)).toHaveTextContent('ninguno|KLAX-RJTT-12:00@29468400');
  },
};

export const Late: Story = {
  decorators: [picked(LATE.id)],
  parameters: { theme: 'light' },
  play: async ({ canvasElement }) => {
    const region = await card(canvasElement);
    const c = within(region);
    await expect(await c.findByText('Atrasado')).toBeVisible();
    await expect(region).toHaveTextContent('DestinoBerlín (EDDI)');
    await expect(region).toHaveTextContent('Envíos (2)');
    await expect(region).toHaveTextContent('200 productos desde Bogotá (SKBO)');
    await expect(region).toHaveTextContent('100 productos desde Lima (SPIM)');
    await expect(region).toHaveTextContent('UbicaciónEntregado');
    await expect(region).toHaveTextContent('UbicaciónEn Bogotá (SKBO)');
    await expect(c.getAllByRole('list', { name: 'Tramos' })).toHaveLength(2);
  },
};

export const Pending: Story = {
  decorators: [picked(PENDING.id)],
  play: async ({ canvasElement }) => {
    const region = await card(canvasElement);
    const c = within(region);
    await expect(await c.findByText('Pendiente')).toBeVisible();
    // Not planned yet: no deadline computed, no shipments.
    await expect(region).toHaveTextContent('Plazo—');
    await expect(region).toHaveTextContent('Envíos (0)');
    await expect(c.getByText('Aún no planificado')).toBeVisible();
  },
};

export const Loading: Story = {
  decorators: [picked(ON_TIME.id)],
  parameters: { api: { [`pedidos/${ON_TIME.id}`]: { json: ON_TIME, delayMs: 60_000 } } },
  play: async ({ canvasElement }) => {
    const region = await card(canvasElement);
    const c = within(region);
    await expect(c.getByRole('heading', { name: `Pedido ${ON_TIME.id}` })).toBeVisible();
    await expect(c.getByText('Cargando pedido...')).toBeVisible();
    await expect(region).toHaveAttribute('aria-busy', 'true');
    await expect(c.getByRole('button', { name: 'Cerrar detalle del pedido' })).toBeEnabled();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  decorators: [picked(MISSING)],
  play: async ({ canvasElement }) => {
    const region = await card(canvasElement);
    const alert = await within(region).findByRole('alert');
    await expect(alert).toHaveTextContent(`No se pudo cargar el pedido: El pedido ${MISSING} no existe`);
    await expect(region).toHaveAttribute('aria-busy', 'false');
  },
};
