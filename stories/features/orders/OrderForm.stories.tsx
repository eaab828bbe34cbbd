import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { ApiAnswer } from '../../../.storybook/fetchMock';
import { OrderFormCard } from '../../../src/features/orders/OrderForm';
import { notify } from '../../../src/lib/notify';
import { AIRPORTS } from './fixtures';

const meta = {
  title: 'features/orders/OrderForm',
  component: OrderFormCard,
  parameters: {
    layout: 'padded',
    api: {
      aereopuertos: { json: AIRPORTS },
      'POST pedidos': (({ body }) => {
        const payload = JSON.parse(String(body)) as {
          clienteId: string;
          aeropuerto: string;
          cantidad: number;
        };
        return {
          status: 201,
          text: `Pedido ${payload.aeropuerto}-900000001 registrado: ${payload.cantidad} productos`,
        };
      }) satisfies ApiAnswer,
    },
  },
  // Result toasts stay until dismissed, and sonner's list outlives a story: start each one clean.
  beforeEach: () => {
    notify.dismiss();
  },
} satisfies Meta<typeof OrderFormCard>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const client = (c: Canvas) => c.getByRole('textbox', { name: 'ID de cliente' });
const quantity = (c: Canvas) => c.getByRole('textbox', { name: 'Cantidad' });

export const Pristine: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: /Lima \(SPIM\)/ })).toBeVisible();
    await expect(client(canvas)).toHaveValue('');
    await expect(client(canvas)).toHaveAttribute('placeholder', 'Ej. 0018234');
    await expect(quantity(canvas)).toHaveValue('1');
    await expect(canvas.getByRole('button', { name: 'Enviar' })).toBeEnabled();
    await expect(canvas.queryByText('Requerido')).toBeNull();
  },
};

/** No airports loaded: the spec's pair, Lima (LIM) by default. */
export const NoAirports: Story = {
  parameters: { api: { aereopuertos: { json: [] } } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /Lima \(LIM\)/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    await expect(options.map((o) => o.textContent)).toEqual(['Lima (LIM)', 'Madrid (MAD)']);
  },
};

/** Errors show once a field is touched, and on a submit attempt. */
export const Invalid: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(client(canvas));
    await userEvent.tab();
    await expect(await canvas.findByText('Requerido')).toBeVisible();
    await expect(client(canvas)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(quantity(canvas));
    await userEvent.tab();
    await expect(await canvas.findByText('Debe ser > 0')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar' }));
    await expect(canvas.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  },
};

/** A mistyped quantity or client id is refused as typed, never rewritten into another number. */
export const RefusesRewrites: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('button', { name: /Lima \(SPIM\)/ });
    for (const typed of ['2.5', '-2', '0']) {
      await userEvent.clear(quantity(canvas));
      await userEvent.type(quantity(canvas), typed);
      await userEvent.tab();
      await expect(await canvas.findByText('Debe ser > 0')).toBeVisible();
      await expect(quantity(canvas)).toHaveValue(typed);
    }
    await userEvent.type(client(canvas), 'abc');
    await userEvent.tab();
    await expect(await canvas.findByText('Solo dígitos, hasta 7')).toBeVisible();
    await expect(client(canvas)).toHaveValue('abc');
    await userEvent.clear(quantity(canvas));
    await userEvent.type(quantity(canvas), '1001');
    await userEvent.tab();
    await expect(await canvas.findByText('Máximo 1000 productos por pedido')).toBeVisible();
  },
};

export const Sending: Story = {
  parameters: { api: { aereopuertos: { json: AIRPORTS }, 'POST pedidos': { text: 'ok', delayMs: 60_000 } } },
  play: async ({ canvas }) => {
    await canvas.findByRole('button', { name: /Lima \(SPIM\)/ });
    await userEvent.type(client(canvas), '0018234');
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar' }));
    const button = await canvas.findByRole('button', { name: 'Enviando...' });
    await expect(button).toBeDisabled();
    await expect(client(canvas)).toBeDisabled();
    await expect(quantity(canvas)).toBeDisabled();
    await expect(canvas.getByRole('button', { name: /Lima \(SPIM\)/ })).toBeDisabled();
  },
};

export const Success: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('button', { name: /Lima \(SPIM\)/ });
    await userEvent.type(client(canvas), '0018234');
    await userEvent.click(canvas.getByRole('button', { name: /Lima \(SPIM\)/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Madrid (LEMD)' }));
    await userEvent.clear(quantity(canvas));
    await userEvent.type(quantity(canvas), '3');
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar' }));
    const toast = await screen.findByText('Pedido LEMD-900000001 registrado: 3 productos ✓');
    await expect(toast.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'success');
    // Reset: empty client, default destination, quantity 1.
    await waitFor(() => expect(client(canvas)).toHaveValue(''));
    await expect(quantity(canvas)).toHaveValue('1');
    await expect(canvas.getByRole('button', { name: /Lima \(SPIM\)/ })).toBeVisible();
  },
};

export const Failure: Story = {
  parameters: {
    api: {
      aereopuertos: { json: AIRPORTS },
      'POST pedidos': {
        status: 400,
        json: {
          message: 'El aeropuerto SPIM no existe en el archivo de aeropuertos',
          code: 'AEROPUERTO_DESCONOCIDO',
        },
      },
    },
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('button', { name: /Lima \(SPIM\)/ });
    await userEvent.type(client(canvas), '0018234');
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar' }));
    const toast = await screen.findByText('El aeropuerto SPIM no existe en el archivo de aeropuertos !');
    await expect(toast.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error');
    await expect(client(canvas)).toHaveValue('0018234');
  },
};
