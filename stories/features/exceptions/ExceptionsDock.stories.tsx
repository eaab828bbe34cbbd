import type { Meta, StoryObj } from '@storybook/react-vite';
import { useAtomValue } from 'jotai';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ExceptionPageDto } from '../../../contract';
import { ExceptionsDock } from '../../../src/features/exceptions/ExceptionsPanel';
import { selectedOrderKeyAtom } from '../../../src/features/map/mapAtoms';
import { RUN } from '../operations/fixtures';
import { EMPTY_PAGE, EXCEPTIONS_PATH, PAGE, ROWS } from './fixtures';

/** Shows the order the panel picked (the map opens its card and draws its route from it). */
function SelectionProbe() {
  const order = useAtomValue(selectedOrderKeyAtom);
  return <output data-testid="selection">{order ?? 'ninguno'}</output>;
}

const meta = {
  title: 'features/exceptions/ExceptionsDock',
  component: ExceptionsDock,
  args: { mode: 'semanal' },
  parameters: {
    route: '/simulacion',
    api: {
      simulaciones: { json: [{ ...RUN, estado: 'pausada' }] },
      [EXCEPTIONS_PATH]: { json: PAGE },
    },
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 12 }}>
        <Story />
        <SelectionProbe />
      </div>
    ),
  ],
} satisfies Meta<typeof ExceptionsDock>;

export default meta;
type Story = StoryObj<typeof meta>;

const openPanel = async (canvasElement: HTMLElement) => {
  const c = within(canvasElement);
  const button = await c.findByRole('button', { name: /^Excepciones: 41 pedidos atrasados o sin ruta/ });
  await userEvent.click(button);
  return c.findByRole('region', { name: 'Excepciones' });
};

/** The badge counts late and unrouted orders; the list shows each with its slack and reason; a row opens the order. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const panel = within(await openPanel(canvasElement));
    await expect(panel.getByRole('button', { name: 'Todas (42)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByRole('button', { name: 'Atrasados (40)' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'En riesgo (1)' })).toBeVisible();
    const list = panel.getByRole('listbox', { name: 'Pedidos con excepción' });
    await expect(within(list).getByText(ROWS[0].motivo)).toBeVisible();
    // Virtualised: 42 rows, only those in view are in the document.
    await expect(within(list).getAllByRole('option').length).toBeLessThan(ROWS.length);
    await expect(panel.getByText('1–42 de 42')).toBeVisible();
    await userEvent.click(within(list).getByText('SKBO-000004512'));
    await expect(within(canvasElement).getByTestId('selection')).toHaveTextContent('SKBO-000004512');
  },
};

/** Typing searches on the server (after a pause), and the kind chips filter by type. */
export const Search: Story = {
  parameters: {
    api: {
      simulaciones: { json: [{ ...RUN, estado: 'pausada' }] },
      [EXCEPTIONS_PATH]: ({ url }: { url: URL }) => {
        const q = url.searchParams.get('q')?.toLowerCase() ?? '';
        const tipo = url.searchParams.get('tipo') ?? 'todos';
        const filas = ROWS.filter(
          (r) =>
            (tipo === 'todos' || r.tipo === tipo) &&
            (r.clave.toLowerCase().includes(q) || r.destino.toLowerCase().startsWith(q)),
        );
        return { json: { ...PAGE, total: filas.length, filas } satisfies ExceptionPageDto };
      },
    },
  },
  play: async ({ canvasElement }) => {
    const panel = within(await openPanel(canvasElement));
    await userEvent.type(panel.getByRole('textbox', { name: 'Buscar' }), 'lemd');
    await expect(await panel.findByText('1–1 de 1')).toBeVisible();
    await expect(panel.getByText('LEMD-000000931')).toBeVisible();
    await userEvent.click(panel.getByRole('button', { name: 'Atrasados (40)' }));
    await expect(await panel.findByText('Ningún pedido con excepción coincide con «lemd»')).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: {
    api: { simulaciones: { json: [{ ...RUN, estado: 'pausada' }] }, [EXCEPTIONS_PATH]: { json: EMPTY_PAGE } },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: /^Excepciones: 0 pedidos/ }));
    await expect(
      await c.findByText('Sin excepciones: todos los pedidos van a tiempo con margen'),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: {
    api: {
      simulaciones: { json: [{ ...RUN, estado: 'pausada' }] },
      [EXCEPTIONS_PATH]: { json: PAGE, delayMs: 60_000 },
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // No count yet: the badge waits for the server.
    await userEvent.click(await c.findByRole('button', { name: 'Excepciones' }));
    await expect(await c.findByText('Cargando excepciones...')).toBeVisible();
  },
};

/** What the stand-in server answered, and what it answers next (reset before each story). */
let errorCalls = 0;
let moreLate = false;

/** The server fails: the panel says so and 'Reintentar' asks again. */
export const ErrorRetry: Story = {
  name: 'Error',
  beforeEach: () => {
    errorCalls = 0;
  },
  parameters: {
    api: {
      simulaciones: { json: [{ ...RUN, estado: 'pausada' }] },
      [EXCEPTIONS_PATH]: () => {
        errorCalls++;
        return {
          status: 409,
          json: { message: 'La simulación run-semanal-1 no está disponible', code: 'NO_DISPONIBLE' },
        };
      },
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Excepciones' }));
    const alert = await c.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'No se pudieron cargar las excepciones: La simulación run-semanal-1 no está disponible',
    );
    const asked = errorCalls;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    // Asked again.
    await waitFor(() => expect(errorCalls).toBeGreaterThan(asked));
  },
};

/** While the run moves the list is polled; new late orders raise one grouped toast. */
export const NewLateToast: Story = {
  beforeEach: () => {
    moreLate = false;
  },
  parameters: {
    api: {
      simulaciones: { json: [RUN] },
      [EXCEPTIONS_PATH]: () => {
        const atrasado = moreLate ? 40 : 37;
        return { json: { ...PAGE, totales: { ...PAGE.totales, atrasado } } };
      },
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole('button', { name: /^Excepciones: 38 pedidos/ })).toBeVisible();
    // Three more late orders by the next poll.
    moreLate = true;
    const toast = (
      await within(document.body).findByText('3 pedidos nuevos atrasados', {}, { timeout: 8_000 })
    ).closest('[data-sonner-toast]');
    // A toast slides in: visible within a few seconds on a busy machine.
    await waitFor(() => expect(toast).toBeVisible(), { timeout: 5_000 });
    await expect(c.getByRole('button', { name: /^Excepciones: 41 pedidos/ })).toBeVisible();
  },
};

/** A phone: the panel takes the width; picking a row closes it so the order's card shows. */
export const Phone: Story = {
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const panel = within(await openPanel(canvasElement));
    await userEvent.click(panel.getByText('SKBO-000004512'));
    await expect(within(canvasElement).getByTestId('selection')).toHaveTextContent('SKBO-000004512');
  },
};
