import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import type { ApiAnswer } from '../../../.storybook/fetchMock';
import type { SessionDto } from '../../../contract/auth';
import { SignInScreen } from '../../../src/features/auth/SignInScreen';

const SESSION: SessionDto = {
  usuario: {
    id: 3,
    usuario: 'ana',
    nombre: 'Ana Ruiz',
    rol: 'operador',
    creadoEn: '2026-01-05T08:00:00.000Z',
  },
  acceso: 'sesion',
  permitidas: ['POST /api/pedidos', 'POST /api/simulaciones'],
};

/** The server's sign-in: 'ana' with 'contraseña-correcta', anything else refused as the server words it. */
const signIn: ApiAnswer = ({ body }) => {
  const { usuario, contrasena } = JSON.parse(String(body)) as { usuario: string; contrasena: string };
  return usuario === 'ana' && contrasena === 'contraseña-correcta'
    ? { json: SESSION }
    : { status: 401, json: { code: 'CREDENCIALES_NO_VALIDAS', message: 'Usuario o contraseña incorrectos' } };
};

const meta = {
  title: 'features/auth/SignInScreen',
  component: SignInScreen,
  args: { onSignedIn: fn(), setupCode: null },
  parameters: { api: { 'POST sesion': signIn } },
} satisfies Meta<typeof SignInScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Usuario' })).toHaveFocus();
    await expect(canvas.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  },
};

/** Empty fields are named, and nothing is sent. */
export const Missing: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Entrar' }));
    await expect(canvas.getAllByText('Requerido')).toHaveLength(2);
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};

/** A wrong password shows the server's Spanish message, and the person can try again. */
export const WrongPassword: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Usuario' }), 'ana');
    await userEvent.type(canvas.getByLabelText('Contraseña'), 'otra');
    await userEvent.click(canvas.getByRole('button', { name: 'Entrar' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Usuario o contraseña incorrectos');
    await expect(canvas.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};

export const SignedIn: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Usuario' }), 'ana');
    await userEvent.type(canvas.getByLabelText('Contraseña'), 'contraseña-correcta{Enter}');
    await waitFor(() => expect(args.onSignedIn).toHaveBeenCalledWith(SESSION));
  },
};

/** Opened from the one-time link printed at start: the form creates the first administrador. */
export const FirstAdministrador: Story = {
  args: { setupCode: 'codigo-de-un-solo-uso' },
  parameters: {
    api: {
      'POST sesion/alta': (({ body }) => {
        const payload = JSON.parse(String(body)) as { codigo: string; usuario: string; nombre: string };
        return {
          status: 201,
          json: {
            ...SESSION,
            usuario: {
              ...SESSION.usuario,
              usuario: payload.usuario,
              nombre: payload.nombre,
              rol: 'administrador',
            },
          },
        };
      }) satisfies ApiAnswer,
    },
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Crear el primer administrador' })).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Usuario' }), 'jefa');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Nombre' }), 'La Jefa');
    await userEvent.type(canvas.getByLabelText('Contraseña'), 'corta');
    await userEvent.click(canvas.getByRole('button', { name: 'Crear administrador' }));
    await expect(canvas.getAllByText('Al menos 10 caracteres').length).toBeGreaterThan(0);
    await expect(args.onSignedIn).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText('Contraseña'), '-ahora-larga');
    await userEvent.click(canvas.getByRole('button', { name: 'Crear administrador' }));
    await waitFor(() =>
      expect(args.onSignedIn).toHaveBeenCalledWith(
        expect.objectContaining({
          usuario: expect.objectContaining({ usuario: 'jefa', rol: 'administrador' }),
        }),
      ),
    );
  },
};
