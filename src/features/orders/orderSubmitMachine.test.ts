import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OrderPayload } from '../../../contract';
import { orderSubmitMachine } from './orderSubmitMachine';

function run(send: (payload: OrderPayload) => Promise<string>) {
  const sent: OrderPayload[] = [];
  const logic = orderSubmitMachine.provide({
    actors: {
      sendOrder: fromPromise(async ({ input }: { input: OrderPayload }) => {
        sent.push(input);
        return send(input);
      }),
    },
  });
  return { actor: createActor(logic, { input: { defaultAirport: 'SPIM' } }).start(), sent };
}

describe('orderSubmitMachine', () => {
  it('starts with empty client, the default destination and quantity 1', () => {
    const { actor } = run(async () => 'ok');
    expect(actor.getSnapshot().context.values).toEqual({ clienteId: '', aeropuerto: 'SPIM', cantidad: '1' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('does not send an invalid form and marks every field touched so errors show', () => {
    const { actor, sent } = run(async () => 'ok');
    actor.send({ type: 'form.submitted' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.touched).toEqual({
      clienteId: true,
      aeropuerto: true,
      cantidad: true,
    });
    actor.send({ type: 'field.changed', field: 'clienteId', value: '11' });
    actor.send({ type: 'field.changed', field: 'cantidad', value: '' });
    actor.send({ type: 'form.submitted' });
    expect(sent).toHaveLength(0);
  });

  it('sends, succeeds with the server text and resets the form', async () => {
    const { actor, sent } = run(async () => 'Pedido SPIM-000900000 registrado');
    actor.send({ type: 'field.changed', field: 'clienteId', value: ' 0001234 ' });
    actor.send({ type: 'field.changed', field: 'aeropuerto', value: 'LEMD' });
    actor.send({ type: 'field.changed', field: 'cantidad', value: '5' });
    actor.send({ type: 'field.blurred', field: 'clienteId' });
    actor.send({ type: 'form.submitted' });
    expect(actor.getSnapshot().value).toBe('sending');
    await waitFor(actor, (s) => s.matches('success'));
    expect(sent).toEqual([{ clienteId: '0001234', aeropuerto: 'LEMD', cantidad: 5 }]);
    const { context } = actor.getSnapshot();
    expect(context.response).toBe('Pedido SPIM-000900000 registrado');
    expect(context.values).toEqual({ clienteId: '', aeropuerto: 'SPIM', cantidad: '1' });
    expect(context.touched).toEqual({});
    expect(context.results).toBe(1);
  });

  it('keeps the values and the error text on failure', async () => {
    const { actor } = run(async () => {
      throw { message: 'El aeropuerto XXXX no existe' };
    });
    actor.send({ type: 'field.changed', field: 'clienteId', value: '9' });
    actor.send({ type: 'form.submitted' });
    await waitFor(actor, (s) => s.matches('failure'));
    expect(actor.getSnapshot().context.error).toBe('El aeropuerto XXXX no existe');
    expect(actor.getSnapshot().context.values.clienteId).toBe('9');
  });

  it('ignores edits while sending', async () => {
    let release: () => void = () => {};
    const { actor } = run(
      () =>
        new Promise((resolve) => {
          release = () => resolve('ok');
        }),
    );
    actor.send({ type: 'field.changed', field: 'clienteId', value: '11' });
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'field.changed', field: 'clienteId', value: 'otro' });
    expect(actor.getSnapshot().context.values.clienteId).toBe('11');
    release();
    await waitFor(actor, (s) => s.matches('success'));
  });

  it('moves the default destination along when airports arrive, unless the operator chose one', () => {
    const { actor } = run(async () => 'ok');
    actor.send({ type: 'defaults.changed', aeropuerto: 'LIM' });
    expect(actor.getSnapshot().context.values.aeropuerto).toBe('LIM');
    actor.send({ type: 'field.changed', field: 'aeropuerto', value: 'LEMD' });
    actor.send({ type: 'defaults.changed', aeropuerto: 'SPIM' });
    expect(actor.getSnapshot().context.values.aeropuerto).toBe('LEMD');
  });
});
