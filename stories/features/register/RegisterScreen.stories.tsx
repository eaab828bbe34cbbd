import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RegisterScreen } from '../../../src/features/register/RegisterScreen';
import { AIRPORTS } from '../orders/fixtures';
import { FLIGHTS_STATUS, NO_FILE } from '../upload/fixtures';

const meta = {
  title: 'features/register/RegisterScreen',
  component: RegisterScreen,
  parameters: {
    route: '/registrar',
    api: {
      'vuelos/status': { json: FLIGHTS_STATUS },
      'aereopuertos/status': { json: { ...FLIGHTS_STATUS, filename: 'husos.txt', sizeBytes: 8_202 } },
      'pedidos/status': { json: NO_FILE },
      aereopuertos: { json: AIRPORTS },
    },
  },
} satisfies Meta<typeof RegisterScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Registrar Envío: Ingresa los datos de los envíos.')).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Cargas masivas' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Registro de pedido' })).toBeVisible();
    for (const zone of ['Archivo de vuelos', 'Archivo de husos horarios', 'Archivo de pedidos'])
      await expect(canvas.getByRole('button', { name: zone })).toHaveTextContent(
        'Suelta el archivo o haz clic para seleccionar (.csv, .txt)',
      );
    // The errors load is not implemented, and its zone says so before anything is dropped.
    await expect(canvas.getByRole('button', { name: 'Archivo de errores' })).toHaveTextContent(
      'No implementado: los archivos de errores todavía no se cargan',
    );
    await expect(await canvas.findByRole('button', { name: 'planes_vuelo.txt' })).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'husos.txt' })).toBeVisible();
    await expect(await canvas.findByText('No hay archivo cargado')).toBeVisible();
  },
};

export const Light: Story = {
  parameters: { theme: 'light' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: /Lima \(SPIM\)/ })).toBeVisible();
  },
};
