import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { RunDto } from '../../../contract';
import { CancellationsSlot } from '../../../src/features/upload/CancellationsSlot';
import type { UploadActorInput } from '../../../src/features/upload/uploadMachine';
import { notify } from '../../../src/lib/notify';
import { COLLAPSED_RUN, RUN } from '../operations/fixtures';

/**
 * The upload goes through XMLHttpRequest (progress), which the fetch fixtures do not see: the upload
 * actor is a stand-in; which runs are going comes from the fixtures.
 */
const uploaded = fn();
const MESSAGE =
  'Operación Diaria: Archivo de cancelaciones cancelaciones.txt: 2 vuelos cancelados, 14 pedidos replanificados · Simulación Semanal: Archivo de cancelaciones cancelaciones.txt: 2 vuelos cancelados, 9 pedidos replanificados';
const applies = fromPromise(async ({ input }: { input: UploadActorInput }) => {
  uploaded(input.file.name);
  return { message: MESSAGE };
});
const rejects = fromPromise<{ message: string }, UploadActorInput>(async () => {
  throw {
    message: 'Archivo de cancelaciones cancelaciones.txt no válido: 1 error; no se aplicó nada',
    details: [
      { line: 2, message: 'línea 2: formato esperado dd.ORIG-DEST-HH:MM', texto: '32.SPIM-SKBO-05:00' },
    ],
    total: 1,
  };
});

const SEMANAL_RUNNING: RunDto = { ...RUN, modo: 'semanal', estado: 'en_curso' };
const OPERACION_STOPPED: RunDto = { ...RUN, modo: 'operacion', estado: 'detenida' };
const CONTENT = '05.SPIM-SKBO-05:00\n05.EBCI-UBBB-10:30\n';

const meta = {
  title: 'features/upload/CancellationsSlot',
  component: CancellationsSlot,
  parameters: { layout: 'padded', api: { simulaciones: { json: [SEMANAL_RUNNING, COLLAPSED_RUN] } } },
  args: { actors: { uploadFile: applies } },
  beforeEach: () => {
    uploaded.mockClear();
    notify.dismiss();
  },
} satisfies Meta<typeof CancellationsSlot>;

export default meta;
type Story = StoryObj<typeof meta>;

const pick = async (canvas: { findByLabelText: (t: string) => Promise<HTMLElement> }) =>
  userEvent.upload(
    await canvas.findByLabelText('Seleccionar archivo de cancelaciones'),
    new File([CONTENT], 'cancelaciones.txt', { type: 'text/plain' }),
  );

/** Names the runs a file would reach (a collapsed run is not going); no file applied yet. */
export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(
        'Se aplica a las simulaciones en curso: Operación Diaria y Simulación Semanal.',
      ),
    ).toBeVisible();
    await expect(canvas.getByText('Ningún archivo aplicado desde este navegador')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Descargar' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Ver primeras líneas' })).toBeDisabled();
  },
};

/** No run going: the zone says so. */
export const NothingGoing: Story = {
  parameters: { api: { simulaciones: { json: [OPERACION_STOPPED, COLLAPSED_RUN] } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Ninguna simulación en curso: no hay a qué aplicar un archivo.'),
    ).toBeVisible();
  },
};

/** Confirm first; 'Cancelar' applies nothing. */
export const ConfirmCancelled: Story = {
  play: async ({ canvas }) => {
    await canvas.findByText(/Se aplica a las simulaciones en curso/);
    await pick(canvas);
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent(
      'Se cancelarán los vuelos del archivo cancelaciones.txt en Operación Diaria y Simulación Semanal; sus productos se replanificarán. No se puede deshacer. ¿Continuar?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    const zone = canvas.getByRole('button', { name: 'Archivo de cancelaciones' });
    await waitFor(() => expect(zone).toHaveTextContent('Cancelado: cancelaciones.txt no se subió'));
    await expect(uploaded).not.toHaveBeenCalled();
  },
};

/** Applied: each run's answer in the zone and the toast; the status line names, previews the file. */
export const Applied: Story = {
  play: async ({ canvas }) => {
    await canvas.findByText(/Se aplica a las simulaciones en curso/);
    await pick(canvas);
    await userEvent.click(await screen.findByRole('button', { name: 'Aceptar' }));
    const zone = canvas.getByRole('button', { name: 'Archivo de cancelaciones' });
    await waitFor(() => expect(zone).toHaveTextContent(MESSAGE));
    await expect(uploaded).toHaveBeenCalledWith('cancelaciones.txt');
    await expect(canvas.getByRole('button', { name: 'Descargar' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'cancelaciones.txt' }));
    const preview = await screen.findByRole('alertdialog', { name: 'Primeras líneas de cancelaciones.txt' });
    await expect(within(preview).getByText(/05\.EBCI-UBBB-10:30/)).toBeVisible();
  },
};

/** A malformed file: nothing applied, its errors listed. */
export const Rejected: Story = {
  args: { actors: { uploadFile: rejects } },
  play: async ({ canvas }) => {
    await canvas.findByText(/Se aplica a las simulaciones en curso/);
    await pick(canvas);
    await userEvent.click(await screen.findByRole('button', { name: 'Aceptar' }));
    const zone = canvas.getByRole('button', { name: 'Archivo de cancelaciones' });
    await waitFor(() => expect(zone).toHaveAttribute('data-outcome', 'failed'));
    await expect(zone).toHaveTextContent(/no válido/);
    await expect(await screen.findByRole('dialog', { name: 'cancelaciones.txt no se cargó' })).toBeVisible();
  },
};
