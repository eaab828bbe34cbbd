import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { ConfirmDialog } from '../../src/components/Dialog/Dialog';

const meta = {
  title: 'components/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    isOpen: true,
    message: 'Ya existe un archivo (vuelos.txt). Esto lo reemplazará. ¿Continuar?',
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent(
      'Ya existe un archivo (vuelos.txt). Esto lo reemplazará. ¿Continuar?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const Cancelled: Story = {
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await expect(args.onCancel).toHaveBeenCalled();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};
