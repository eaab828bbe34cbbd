import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import type { SessionDto } from '../../../contract/auth';
import { SessionMenu } from '../../../src/features/auth/SessionMenu';

const session = (acceso: SessionDto['acceso']): SessionDto => ({
  usuario: {
    id: 3,
    usuario: 'ana',
    nombre: 'Ana Ruiz',
    rol: 'operador',
    creadoEn: '2026-01-05T08:00:00.000Z',
  },
  acceso,
  permitidas: ['POST /api/pedidos'],
});

const meta = {
  title: 'features/auth/SessionMenu',
  component: SessionMenu,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof SessionMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedIn: Story = {
  parameters: { api: { sesion: { json: session('sesion') } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Ana Ruiz · Operador')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Cerrar sesión' })).toBeEnabled();
  },
};
