import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { UploadKind } from '../../../src/api/files';
import { ErrorsSlot, UploadSlot } from '../../../src/features/upload/UploadSlot';
import type { UploadActorInput } from '../../../src/features/upload/uploadMachine';
import { notify } from '../../../src/lib/notify';
import { FLIGHTS_STATUS, NO_FILE } from './fixtures';

/**
 * Uploads go through XMLHttpRequest (progress), which the fetch fixtures do not see: the upload actor
 * is a stand-in here; status and the existing-file check use the fixtures.
 */
const uploaded = fn();
const succeed = fromPromise(async ({ input }: { input: UploadActorInput }) => {
  uploaded(input.file.name);
  return { message: `Archivo de vuelos ${input.file.name} cargado: 2.866 vuelos` };
});
const fail = fromPromise<{ message: string }, UploadActorInput>(async () => {
  throw {
    message: 'Archivo de vuelos no válido: línea 2: formato esperado ORIG-DEST-HH:MM-HH:MM-CAP',
    details: [{ line: 2, message: 'formato' }],
  };
});
const hang = fromPromise<{ message: string }, UploadActorInput>(({ input }) => {
  input.onProgress({ loaded: 300_000, total: 1_000_000 });
  return new Promise(() => {});
});

const meta = {
  title: 'features/upload/UploadSlot',
  component: UploadSlot,
  parameters: { layout: 'padded', api: { 'vuelos/status': { json: FLIGHTS_STATUS } } },
  args: {
    kind: 'vuelos',
    title: 'Vuelos',
    zoneLabel: 'Archivo de vuelos',
    confirmReplace: true,
    actors: { uploadFile: succeed },
  },
  beforeEach: () => {
    uploaded.mockClear();
    // Result toasts stay until dismissed, and sonner's list outlives a story: start each one clean.
    notify.dismiss();
  },
} satisfies Meta<typeof UploadSlot>;

export default meta;
type Story = StoryObj<typeof meta>;

const newFile = () => new File(['SKBO-SEQM-03:34-05:21-0300\n'], 'nuevos.txt', { type: 'text/plain' });
const pick = async (
  canvas: { findByLabelText: (t: string) => Promise<HTMLElement> },
  label = 'Seleccionar archivo de vuelos',
) => userEvent.upload(await canvas.findByLabelText(label), newFile());

export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'planes_vuelo.txt' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Archivo de vuelos' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};

/** Reading the current status before asking: the zone waits, nothing is uploaded yet. */
export const Checking: Story = {
  args: {
    actors: {
      uploadFile: succeed,
      checkExisting: fromPromise<string | null, { kind: UploadKind }>(() => new Promise(() => {})),
    },
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('button', { name: 'planes_vuelo.txt' });
    await pick(canvas);
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Archivo de vuelos' })).toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    );
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(uploaded).not.toHaveBeenCalled();
  },
};

export const ConfirmShown: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('button', { name: 'planes_vuelo.txt' });
    await pick(canvas);
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent(
      'Ya existe un archivo (planes_vuelo.txt). Esto lo reemplazará. ¿Continuar?',
    );
    await expect(uploaded).not.toHaveBeenCalled();
  },
};

export const ConfirmCancelled: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('button', { name: 'planes_vuelo.txt' });
    await pick(canvas);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(uploaded).not.toHaveBeenCalled();
    // The zone tells the truth: nothing is "listo" after a cancel.
    const zone = canvas.getByRole('button', { name: 'Archivo de vuelos' });
    await waitFor(() => expect(zone).toHaveTextContent('Cancelado: nuevos.txt no se subió'));
    await expect(zone).not.toHaveTextContent('listo');
    await expect(zone).toHaveAttribute('data-outcome', 'cancelled');
  },
};

/** Confirmed: uploaded, success toast with the server's message (it stays), status refetched. */
export const SuccessToast: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('button', { name: 'planes_vuelo.txt' });
    await pick(canvas);
    await userEvent.click(await screen.findByRole('button', { name: 'Aceptar' }));
    const toast = (await screen.findAllByText('Archivo de vuelos nuevos.txt cargado: 2.866 vuelos')).find(
      (t) => t.closest('[data-sonner-toast]'),
    );
    await expect(toast?.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'success');
    await expect(uploaded).toHaveBeenCalledWith('nuevos.txt');
    const zone = canvas.getByRole('button', { name: 'Archivo de vuelos' });
    await expect(zone).toHaveTextContent('Archivo de vuelos nuevos.txt cargado: 2.866 vuelos');
    await expect(zone).toHaveAttribute('data-outcome', 'done');
  },
};

/** No stored file: no question, straight upload. */
export const NoFileNoConfirm: Story = {
  parameters: { api: { 'vuelos/status': { json: NO_FILE } } },
  play: async ({ canvas }) => {
    await canvas.findByText('No hay archivo cargado');
    await pick(canvas);
    const toast = (await screen.findAllByText(/cargado: 2\.866 vuelos/)).find((t) =>
      t.closest('[data-sonner-toast]'),
    );
    await expect(toast?.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'success');
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};

/** The error toast stays; the details are logged as 'Detalles del error' (console.error, expected). */
export const ErrorToast: Story = {
  args: { actors: { uploadFile: fail } },
  parameters: { api: { 'vuelos/status': { json: NO_FILE } } },
  play: async ({ canvas }) => {
    await canvas.findByText('No hay archivo cargado');
    await pick(canvas);
    const toasts = await screen.findAllByText(/Archivo de vuelos no válido: línea 2/);
    const toast = toasts.find((t) => t.closest('[data-sonner-toast]'));
    await expect(toast?.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error');
    const zone = canvas.getByRole('button', { name: 'Archivo de vuelos' });
    await expect(zone).toHaveTextContent('Archivo de vuelos no válido: línea 2');
    await expect(zone).toHaveAttribute('data-outcome', 'failed');
    await expect(zone).not.toHaveTextContent('listo');
  },
};

export const Uploading: Story = {
  args: {
    kind: 'pedidos',
    title: 'Pedidos',
    zoneLabel: 'Archivo de pedidos',
    confirmReplace: false,
    actors: { uploadFile: hang },
  },
  parameters: { api: { 'pedidos/status': { json: NO_FILE } } },
  play: async ({ canvas }) => {
    await pick(canvas, 'Seleccionar archivo de pedidos');
    const bar = await canvas.findByRole('progressbar', { name: 'Subiendo nuevos.txt...' });
    await expect(bar).toHaveAttribute('aria-valuenow', '30');
    await expect(canvas.getByRole('button', { name: 'Archivo de pedidos' })).toHaveAttribute(
      'data-outcome',
      'busy',
    );
    await expect(canvas.getByRole('button', { name: 'Archivo de pedidos' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const ErrorsNotImplemented: Story = {
  render: () => <ErrorsSlot title="Errores" zoneLabel="Archivo de errores" />,
  play: async ({ canvas }) => {
    const zone = canvas.getByRole('button', { name: 'Archivo de errores' });
    // Said before any file is dropped, not only after.
    await expect(zone).toHaveTextContent('No implementado: los archivos de errores todavía no se cargan');
    await userEvent.upload(
      canvas.getByLabelText('Seleccionar archivo de errores'),
      new File(['x'], 'errores.txt', { type: 'text/plain' }),
    );
    const toasts = await screen.findAllByText('No implementado archivo: errores.txt no subido');
    const toast = toasts.find((t) => t.closest('[data-sonner-toast]'));
    await expect(toast?.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error');
    await expect(zone).toHaveTextContent('No implementado archivo: errores.txt no subido');
    await expect(zone).not.toHaveTextContent('listo');
  },
};
