import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { DROP_HINT, DropZone } from '../../../src/features/upload/DropZone';
import { drag, dropOn, filesTransfer, textFile } from './dropHelpers';

const meta = {
  title: 'features/upload/DropZone',
  component: DropZone,
  parameters: { layout: 'padded' },
  args: { label: 'Archivo de vuelos', onFile: fn() },
} satisfies Meta<typeof DropZone>;

export default meta;
type Story = StoryObj<typeof meta>;

const zoneOf = (canvas: { getByRole: (role: string, o: { name: string }) => HTMLElement }) =>
  canvas.getByRole('button', { name: 'Archivo de vuelos' });

export const Idle: Story = {
  play: async ({ canvas }) => {
    const zone = zoneOf(canvas);
    await expect(zone).toHaveAttribute('data-state', 'idle');
    await expect(zone).toHaveTextContent(DROP_HINT);
  },
};

export const Dragging: Story = {
  play: async ({ canvas }) => {
    const zone = zoneOf(canvas);
    drag(zone, 'dragenter', filesTransfer(textFile()));
    await waitFor(() => expect(zone).toHaveAttribute('data-state', 'dragging'));
    await expect(zone).toHaveTextContent(DROP_HINT);
  },
};

export const Accepted: Story = {
  play: async ({ canvas, args }) => {
    const file = textFile();
    await userEvent.upload(canvas.getByLabelText('Seleccionar archivo de vuelos'), file);
    const zone = zoneOf(canvas);
    await waitFor(() => expect(zone).toHaveTextContent('1 archivo(s) listo(s)'));
    await expect(zone).toHaveAttribute('data-state', 'accepted');
    await expect(args.onFile).toHaveBeenCalledWith(file);
  },
};

/** A CSV is accepted as well as a text file. */
export const AcceptedCsv: Story = {
  play: async ({ canvas, args }) => {
    const zone = zoneOf(canvas);
    dropOn(zone, new File(['a;b\n'], 'pedidos.csv', { type: 'text/csv' }));
    await waitFor(() => expect(zone).toHaveTextContent('1 archivo(s) listo(s)'));
    await expect(args.onFile).toHaveBeenCalledTimes(1);
  },
};

export const RejectedType: Story = {
  play: async ({ canvas, args }) => {
    const zone = zoneOf(canvas);
    dropOn(zone, new File(['%PDF'], 'informe.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(zone).toHaveAttribute('data-state', 'rejected'));
    await expect(zone).toHaveTextContent(/File type must be/);
    await expect(args.onFile).not.toHaveBeenCalled();
  },
};

/** Only the first dropped file is used (the library rejects the rest as 'Too many files'). */
export const TwoFilesFirstUsed: Story = {
  play: async ({ canvas, args }) => {
    const zone = zoneOf(canvas);
    const first = textFile('a.txt');
    dropOn(zone, first, textFile('b.txt'));
    await waitFor(() => expect(zone).toHaveTextContent('1 archivo(s) listo(s)'));
    await expect(args.onFile).toHaveBeenCalledTimes(1);
    await expect(args.onFile).toHaveBeenCalledWith(first);
  },
};

export const RejectedTooLarge: Story = {
  args: { maxSize: 10 },
  play: async ({ canvas }) => {
    const zone = zoneOf(canvas);
    dropOn(zone, textFile('grande.txt', 'x'.repeat(50)));
    await waitFor(() => expect(zone).toHaveTextContent('File is larger than 10 bytes'));
  },
};

export const RejectedTooSmall: Story = {
  args: { minSize: 100 },
  play: async ({ canvas }) => {
    const zone = zoneOf(canvas);
    dropOn(zone, textFile('chico.txt', 'x'));
    await waitFor(() => expect(zone).toHaveTextContent('File is smaller than 100 bytes'));
  },
};

/** The system file picker is open (headless: it never answers, so the zone stays there). */
export const DialogOpen: Story = {
  play: async ({ canvas }) => {
    const zone = zoneOf(canvas);
    await userEvent.click(zone);
    await waitFor(() => expect(zone).toHaveAttribute('data-state', 'dialogOpen'));
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(zoneOf(canvas)).toHaveAttribute('aria-disabled', 'true');
  },
};
