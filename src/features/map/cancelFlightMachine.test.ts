import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CancellationDto } from '../../../contract';
import { type CancelFlightInput, type CancelOutcome, cancelFlightMachine } from './cancelFlightMachine';

const RESULT: CancellationDto = {
  message: 'Vuelo SPIM-SKBO-10:00 del 2026-01-05 10:00 UTC cancelado: 2 pedidos replanificados',
  vuelo: 'SPIM-SKBO-10:00 del 2026-01-05 10:00 UTC',
  pedidosAfectados: 2,
  aTiempo: 1,
  atrasados: 1,
  sinRuta: 0,
  pedidos: [
    { pedido: 'SKBO-000000001', estado: 'a_tiempo' },
    { pedido: 'SKBO-000000002', estado: 'atrasado' },
  ],
};

function start(answer: (input: CancelFlightInput) => Promise<CancelOutcome>) {
  const sent: CancelFlightInput[] = [];
  const logic = cancelFlightMachine.provide({
    actors: {
      cancelFlight: fromPromise(async ({ input }: { input: CancelFlightInput }) => {
        sent.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(logic, { input: { flightId: 'SPIM-SKBO-10:00@29465640', mode: 'semanal' } });
  return { actor: actor.start(), sent };
}

describe('cancelFlightMachine', () => {
  it('asks first: dismissing sends nothing', () => {
    const { actor, sent } = start(async () => ({ result: RESULT, productos: 40 }));
    actor.send({ type: 'cancel.requested' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'cancel.dismissed' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(sent).toEqual([]);
  });

  it('cancels the instance of its mode once confirmed and keeps what was re-planned', async () => {
    const { actor, sent } = start(async () => ({ result: RESULT, productos: 40 }));
    actor.send({ type: 'cancel.requested' });
    actor.send({ type: 'cancel.confirmed' });
    const done = await waitFor(actor, (s) => s.matches('cancelled'));
    expect(sent).toEqual([{ flightId: 'SPIM-SKBO-10:00@29465640', mode: 'semanal' }]);
    expect(done.context.outcome).toEqual({ result: RESULT, productos: 40 });
  });

  it("keeps the server's refusal and lets the operator try again", async () => {
    let calls = 0;
    const { actor } = start(async () => {
      calls++;
      if (calls === 1)
        throw Object.assign(new Error('No se puede cancelar el vuelo: ya despegó'), { status: 409 });
      return { result: RESULT, productos: 40 };
    });
    actor.send({ type: 'cancel.requested' });
    actor.send({ type: 'cancel.confirmed' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toBe('No se puede cancelar el vuelo: ya despegó');
    actor.send({ type: 'cancel.requested' });
    actor.send({ type: 'cancel.confirmed' });
    const done = await waitFor(actor, (s) => s.matches('cancelled'));
    expect(done.context.error).toBeNull();
    expect(calls).toBe(2);
  });
});
