import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SessionDto } from '../../../contract/auth';
import { type SignInRequest, signInMachine } from './signInMachine';

const SESSION: SessionDto = {
  usuario: { id: 1, usuario: 'ana', nombre: 'Ana', rol: 'operador', creadoEn: '2026-01-01T00:00:00.000Z' },
  acceso: 'sesion',
  permitidas: ['POST /api/pedidos'],
};

const withAnswer = (answer: (request: SignInRequest) => Promise<SessionDto>) =>
  createActor(signInMachine.provide({ actors: { send: fromPromise(({ input }) => answer(input)) } })).start();

const request: SignInRequest = { kind: 'entrar', payload: { usuario: 'ana', contrasena: 'secreto-largo' } };

describe('sign-in flow', () => {
  it('keeps the session the server answered and stops there', async () => {
    const actor = withAnswer(async () => SESSION);
    actor.send({ type: 'form.submitted', request });
    expect(actor.getSnapshot().matches('sending')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.session).toEqual(SESSION);
  });

  it("shows the server's message and lets the person try again, clearing it on the next attempt", async () => {
    let attempts = 0;
    const actor = withAnswer(async () => {
      attempts++;
      if (attempts === 1) throw new Error('Usuario o contraseña incorrectos');
      return SESSION;
    });
    actor.send({ type: 'form.submitted', request });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.error).toBe('Usuario o contraseña incorrectos');
    actor.send({ type: 'form.submitted', request });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('ignores a second submit while the first is on its way', async () => {
    let calls = 0;
    const actor = withAnswer(async () => {
      calls++;
      return SESSION;
    });
    actor.send({ type: 'form.submitted', request });
    actor.send({ type: 'form.submitted', request });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toBe(1);
  });
});
