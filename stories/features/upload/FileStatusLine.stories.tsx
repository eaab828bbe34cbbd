import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { FileStatusLine } from '../../../src/features/upload/FileStatusLine';
import { notify } from '../../../src/lib/notify';
import { FLIGHTS_STATUS, NO_FILE, PREVIEW_TEXT } from './fixtures';

const meta = {
  title: 'features/upload/FileStatusLine',
  component: FileStatusLine,
  parameters: { layout: 'padded' },
  args: { kind: 'vuelos' },
  beforeEach: () => {
    notify.dismiss();
  },
} satisfies Meta<typeof FileStatusLine>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { api: { 'vuelos/status': { json: FLIGHTS_STATUS, delayMs: 60_000 } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Cargando estado...')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Descargar' })).toBeDisabled();
  },
};

export const NoFile: Story = {
  parameters: { api: { 'vuelos/status': { json: NO_FILE } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No hay archivo cargado')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Ver primeras líneas' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Descargar' })).toBeDisabled();
  },
};

export const Present: Story = {
  parameters: { api: { 'vuelos/status': { json: FLIGHTS_STATUS } } },
  play: async ({ canvas }) => {
    const name = await canvas.findByRole('button', { name: 'planes_vuelo.txt' });
    const line = name.closest('p') as HTMLElement;
    await expect(line).toHaveTextContent('76.412 bytes');
    await expect(line).toHaveTextContent(/18\/08\/2025, \d\d:03:00/);
    await expect(canvas.getByRole('button', { name: 'Descargar' })).toBeEnabled();
  },
};

/** Status failures are logged and said once on the line. */
export const Failed: Story = {
  parameters: { api: { 'vuelos/status': { status: 500, json: { message: 'Fallo', code: 'INTERNO' } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No se pudo consultar el estado del archivo')).toBeVisible();
  },
};

export const PreviewShown: Story = {
  parameters: {
    api: { 'vuelos/status': { json: FLIGHTS_STATUS }, 'vuelos/preview': { text: PREVIEW_TEXT } },
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'planes_vuelo.txt' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Primeras líneas de planes_vuelo.txt' });
    await expect(within(dialog).getByText(/SEQM-SKBO-04:29-06:16-0340/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

export const PreviewEmpty: Story = {
  parameters: { api: { 'vuelos/status': { json: FLIGHTS_STATUS }, 'vuelos/preview': { text: '' } } },
  play: async ({ canvas }) => {
    await canvas.findByRole('button', { name: 'planes_vuelo.txt' });
    await userEvent.click(canvas.getByRole('button', { name: 'Ver primeras líneas' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(within(dialog).getByText('(archivo vacío)')).toBeVisible();
  },
};

export const PreviewFailed: Story = {
  parameters: {
    api: {
      'vuelos/status': { json: FLIGHTS_STATUS },
      'vuelos/preview': {
        status: 404,
        json: { message: 'No hay archivo de vuelos cargado', code: 'NO_ENCONTRADO' },
      },
    },
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('button', { name: 'planes_vuelo.txt' });
    await userEvent.click(canvas.getByRole('button', { name: 'Ver primeras líneas' }));
    const toast = await screen.findByText('No hay archivo de vuelos cargado');
    await expect(toast.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error');
  },
};
