import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { WarehouseContentsView } from '../../../src/features/map/WarehouseContents';
import { WAREHOUSE } from '../exceptions/fixtures';

const meta = {
  title: 'features/map/WarehouseContents',
  component: WarehouseContentsView,
  args: {
    data: WAREHOUSE,
    loading: false,
    error: null,
    onRetry: fn(),
    onOpenOrder: fn(),
    onPage: fn(),
  },
  decorators: [
    (Story) => (
      // The width of the map's card column.
      <div style={{ width: 300, padding: 12 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof WarehouseContentsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** What waits: each order with its products and the flight it leaves on, or its pickup; a key opens the order. */
export const List: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'En el almacén (3 pedidos)' })).toBeVisible();
    const list = within(canvas.getByRole('list', { name: 'Pedidos en el almacén' }));
    await expect(list.getByText('12 productos · sigue en SPIM-SKBO-10:05')).toBeVisible();
    await expect(list.getByText(/3 productos · recogida hasta 0?7\/0?1.*14:40 UTC/)).toBeVisible();
    await userEvent.click(list.getByRole('button', { name: 'Ver pedido SEQM-000004501' }));
    await expect(args.onOpenOrder).toHaveBeenCalledWith('SEQM-000004501');
  },
};

export const Paged: Story = {
  args: { data: { ...WAREHOUSE, pedidos: 120, limite: 50 } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Página 1 de 3')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await expect(args.onPage).toHaveBeenCalledWith(2);
  },
};

export const Empty: Story = {
  args: { data: { ...WAREHOUSE, ocupacion: 0, porcentaje: 0, pedidos: 0, filas: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nada espera en este almacén ahora')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { data: undefined, loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Cargando...')).toBeVisible();
  },
};

export const ErrorRetry: Story = {
  name: 'Error',
  args: { data: undefined, error: 'Error desconocido 500' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'No se pudo cargar el almacén: Error desconocido 500',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Reintentar' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
