import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { CancellationDto, FlightDetailDto } from '../../../contract';
import { ConnectionContext } from '../../../src/features/connection/ConnectionContext';
import type { connectionMachine } from '../../../src/features/connection/connectionMachine';
import { CancelFlight } from '../../../src/features/map/CancelFlight';
import { clockStream } from './standInStreams';

const DEPARTURE = '2026-01-05T10:00:00.000Z';
const DEP_MIN = Date.parse(DEPARTURE) / 60_000;

const FLIGHT: FlightDetailDto = {
  id: `SPIM-SKBO-05:00@${DEP_MIN}`,
  codigo: 'SPIM-SKBO-05:00',
  origen: 'SPIM',
  destino: 'SKBO',
  salida: DEPARTURE,
  llegada: '2026-01-05T13:00:00.000Z',
  carga: 65,
  capacidad: 300,
  nivel: 'disponible',
  cancelado: false,
  pedidos: [
    { pedido: 'SKBO-000000012', cantidad: 40 },
    { pedido: 'SKBO-000000007', cantidad: 25 },
  ],
};

const result = (over: Partial<CancellationDto>): CancellationDto => ({
  message: `Vuelo ${FLIGHT.codigo} del 2026-01-05 10:00 UTC cancelado`,
  vuelo: `${FLIGHT.codigo} del 2026-01-05 10:00 UTC`,
  pedidosAfectados: 2,
  aTiempo: 2,
  atrasados: 0,
  sinRuta: 0,
  pedidos: [
    { pedido: 'SKBO-000000012', estado: 'a_tiempo' },
    { pedido: 'SKBO-000000007', estado: 'a_tiempo' },
  ],
  ...over,
});

const detailPath = `vuelos/${encodeURIComponent(FLIGHT.id)}`;
const cancelPath = `POST ${detailPath}/cancelar`;

const withStream =
  (logic: typeof connectionMachine): Decorator =>
  (Story) => (
    <ConnectionContext.Provider logic={logic} options={{ input: { url: '/api/vuelos/live?modo=semanal' } }}>
      <div style={{ width: 300, padding: 12 }}>
        <Story />
      </div>
    </ConnectionContext.Provider>
  );

const meta = {
  title: 'features/map/CancelFlight',
  component: CancelFlight,
  args: { flight: FLIGHT, mode: 'semanal' },
  // An hour before take-off, in a moving run.
  decorators: [withStream(clockStream(DEP_MIN - 60))],
  parameters: { api: { [detailPath]: { json: FLIGHT }, [cancelPath]: { json: result({}) } } },
} satisfies Meta<typeof CancelFlight>;

export default meta;
type Story = StoryObj<typeof meta>;

const cancelButton = (canvas: { findByRole: typeof screen.findByRole }) =>
  canvas.findByRole('button', { name: 'Cancelar vuelo' });

/** On the ground in a moving run: the button is offered. */
export const BeforeTakeOff: Story = {
  play: async ({ canvas }) => {
    await expect(await cancelButton(canvas)).toBeEnabled();
  },
};

/** After take-off the button stays, disabled, and says why. */
export const AfterTakeOff: Story = {
  decorators: [withStream(clockStream(DEP_MIN + 5))],
  play: async ({ canvas }) => {
    const button = await cancelButton(canvas);
    await waitFor(() => expect(button).toBeDisabled());
    await expect(canvas.getByText('Ya despegó: un vuelo solo se cancela antes del despegue.')).toBeVisible();
    await expect(button).toHaveAccessibleDescription(
      'Ya despegó: un vuelo solo se cancela antes del despegue.',
    );
  },
};

/** A stopped run takes no cancellation. */
export const RunNotMoving: Story = {
  decorators: [withStream(clockStream(DEP_MIN - 60, 0))],
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByText(/no está en curso/)).toBeVisible());
  },
};

/** Confirm first: 'Volver' sends nothing. */
export const Confirming: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await cancelButton(canvas));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar vuelo' });
    // (The day and month as this browser's Spanish writes them: 05/01 or 5/1.)
    await expect(dialog).toHaveTextContent(
      /¿Cancelar el vuelo SPIM-SKBO-05:00 que sale el 0?5\/0?1, 10:00 UTC\? Sus 65 productos \(2 pedidos\) se replanificarán/,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

const confirm = async (canvas: { findByRole: typeof screen.findByRole }) => {
  await userEvent.click(await cancelButton(canvas));
  const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar vuelo' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar vuelo' }));
};

/** Cancelled: every order still on time. */
export const CancelledAllOnTime: Story = {
  play: async ({ canvas }) => {
    await confirm(canvas);
    const status = await canvas.findByRole('status');
    await expect(status).toHaveTextContent('Vuelo cancelado: se replanificaron 65 productos de 2 pedidos.');
    await expect(status).toHaveTextContent('Ningún pedido quedó atrasado: todos siguen a tiempo.');
  },
};

/** Cancelled: one order became late; its key opens its card. */
export const CancelledSomeLate: Story = {
  parameters: {
    api: {
      [detailPath]: { json: FLIGHT },
      [cancelPath]: {
        json: result({
          aTiempo: 1,
          atrasados: 1,
          pedidos: [
            { pedido: 'SKBO-000000012', estado: 'a_tiempo' },
            { pedido: 'SKBO-000000007', estado: 'atrasado' },
          ],
        }),
      },
    },
  },
  play: async ({ canvas }) => {
    await confirm(canvas);
    const status = await canvas.findByRole('status');
    await expect(status).toHaveTextContent('1 pedido quedó atrasado.');
    const late = within(status).getByRole('list', { name: 'Pedidos atrasados o sin ruta' });
    await expect(within(late).getByRole('button', { name: 'SKBO-000000007' })).toBeVisible();
  },
};

/** The server refused (it took off meanwhile): its reason, and the button again. */
export const Refused: Story = {
  parameters: {
    api: {
      [detailPath]: { json: FLIGHT },
      [cancelPath]: {
        status: 409,
        json: {
          message: 'No se puede cancelar el vuelo SPIM-SKBO-05:00 del 2026-01-05 10:00 UTC: ya despegó.',
          code: 'VUELO_NO_CANCELABLE',
        },
      },
    },
  },
  play: async ({ canvas }) => {
    await confirm(canvas);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/ya despegó/);
    await expect(await cancelButton(canvas)).toBeEnabled();
  },
};
