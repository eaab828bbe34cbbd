import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { notify } from '../../src/lib/notify';

type Kind = 'info' | 'success' | 'error' | 'resultSuccess' | 'resultError' | 'loading';

function ToastDemo({ kind, message }: { kind: Kind; message: string }) {
  useEffect(() => {
    const id = notify[kind](message);
    return () => {
      notify.dismiss(id);
    };
  }, [kind, message]);
  return <div style={{ height: '240px' }} />;
}

const meta = {
  title: 'app/Toasts',
  component: ToastDemo,
  args: { kind: 'info', message: 'Aviso' },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const toastOf = async (text: string) =>
  (await screen.findByText(text)).closest('[data-sonner-toast]') as HTMLElement;

export const Info: Story = {
  args: { kind: 'info', message: 'Datos actualizados' },
  play: async () => {
    const toast = await toastOf('Datos actualizados');
    // Top-right, as the spec places them.
    await expect(toast.closest('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top');
    await expect(toast.closest('[data-sonner-toaster]')).toHaveAttribute('data-x-position', 'right');
    // Ordinary toasts go away by themselves after 3 s.
    await waitFor(() => expect(screen.queryByText('Datos actualizados')).toBeNull(), { timeout: 5000 });
  },
};

export const Success: Story = {
  args: { kind: 'success', message: 'Operación completada' },
  play: async () => {
    await expect(await toastOf('Operación completada')).toHaveAttribute('data-type', 'success');
  },
};

export const ErrorToast: Story = {
  args: { kind: 'error', message: 'Algo salió mal' },
  play: async () => {
    await expect(await toastOf('Algo salió mal')).toHaveAttribute('data-type', 'error');
  },
};

export const ResultStaysUntilDismissed: Story = {
  args: { kind: 'resultSuccess', message: 'Archivo cargado: 2866 vuelos' },
  play: async () => {
    await toastOf('Archivo cargado: 2866 vuelos');
    await new Promise((resolve) => setTimeout(resolve, 3600));
    const toast = await toastOf('Archivo cargado: 2866 vuelos');
    await expect(toast).toBeVisible();
    await userEvent.click(toast.querySelector('[data-close-button]') as HTMLElement);
    await waitFor(() => expect(screen.queryByText('Archivo cargado: 2866 vuelos')).toBeNull());
  },
};

export const ResultError: Story = {
  args: { kind: 'resultError', message: 'Línea 3: capacidad inválida' },
  play: async () => {
    const toast = await toastOf('Línea 3: capacidad inválida');
    await expect(toast).toHaveAttribute('data-type', 'error');
    await expect(toast.querySelector('[data-close-button]')).not.toBeNull();
  },
};

export const Loading: Story = {
  args: { kind: 'loading', message: 'Cargando aeropuertos...' },
  play: async () => {
    const toast = await toastOf('Cargando aeropuertos...');
    await expect(toast).toHaveAttribute('data-type', 'loading');
    // Loading toasts cannot be dismissed: no close button, not swipe-dismissible.
    await expect(toast.querySelector('[data-close-button]')).toBeNull();
    await expect(toast).toHaveAttribute('data-dismissible', 'false');
  },
};
