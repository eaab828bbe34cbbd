import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { RunDto, RunState } from '../../../contract';
import { type CommandInput, runMachine, type StartInput } from './runMachine';

const run = (estado: RunState, over: Partial<RunDto> = {}): RunDto =>
  ({
    id: 'r1',
    modo: 'semanal',
    estado,
    inicio: '2025-12-22T00:01:00.000Z',
    fin: '2025-12-31T23:59:00.000Z',
    velocidad: 168,
    ahora: '2025-12-23T10:00:00.000Z',
    creadoEn: '2026-11-24T18:00:00.000Z',
    ...over,
  }) as RunDto;

const WEEK = { inicio: '2025-12-22T00:01:00.000Z', fin: '2025-12-31T23:59:00.000Z' };

interface Setup {
  current?: RunDto | null;
  onStart?: (input: StartInput) => Promise<RunDto>;
  onCommand?: (input: CommandInput) => Promise<RunDto>;
}

function start({ current = null, onStart, onCommand }: Setup = {}) {
  const starts: StartInput[] = [];
  const commands: CommandInput[] = [];
  let keys = 0;
  const logic = runMachine.provide({
    actors: {
      startRun: fromPromise(async ({ input }: { input: StartInput }) => {
        starts.push(input);
        return onStart ? onStart(input) : run('en_curso', { id: `r${starts.length + 1}` });
      }),
      command: fromPromise(async ({ input }: { input: CommandInput }) => {
        commands.push(input);
        if (onCommand) return onCommand(input);
        const estado: RunState =
          input.command === 'pause' ? 'pausada' : input.command === 'stop' ? 'detenida' : 'en_curso';
        return run(estado, { velocidad: input.speed });
      }),
    },
  });
  const actor = createActor(logic, {
    input: { mode: 'semanal', run: current, speed: 168, newKey: () => `k${++keys}` },
  }).start();
  return { actor, starts, commands };
}

describe('runMachine', () => {
  it('rests in the state the server reading names', () => {
    const cases: [RunState | null, string][] = [
      [null, 'idle'],
      ['en_curso', 'running'],
      ['pausada', 'paused'],
      ['terminada', 'finished'],
      ['detenida', 'finished'],
      ['colapsada', 'collapsed'],
      ['fallida', 'failed'],
    ];
    for (const [estado, state] of cases) {
      const { actor } = start({ current: estado ? run(estado) : null });
      expect(actor.getSnapshot().matches(state as never)).toBe(true);
    }
  });

  it('follows another browser: a reading of a new run moves the screen to it', () => {
    const { actor } = start();
    actor.send({ type: 'run.synced', run: run('en_curso') });
    expect(actor.getSnapshot().matches('running')).toBe(true);
    actor.send({ type: 'run.synced', run: run('colapsada') });
    expect(actor.getSnapshot().matches('collapsed')).toBe(true);
  });

  it('starts with the chosen speed and one key per intent; a double click sends one start', async () => {
    const { actor, starts } = start();
    actor.send({ type: 'speed.changed', speed: 336 });
    actor.send({ type: 'run.start', request: WEEK });
    actor.send({ type: 'run.start', request: WEEK });
    expect(actor.getSnapshot().matches('starting')).toBe(true);
    await waitFor(actor, (s) => s.matches('running'));
    expect(starts).toEqual([{ payload: { modo: 'semanal', ...WEEK, velocidad: 336 }, key: 'k1' }]);
    expect(actor.getSnapshot().context.run?.id).toBe('r2');
  });

  it('asks before replacing a moving run; dismissing sends nothing, confirming replaces', async () => {
    const { actor, starts } = start({ current: run('en_curso') });
    actor.send({ type: 'run.start', request: WEEK });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(actor.getSnapshot().context.confirm).toBe('replace');
    actor.send({ type: 'run.dismissed' });
    expect(actor.getSnapshot().matches('running')).toBe(true);
    expect(starts).toEqual([]);

    actor.send({ type: 'run.start', request: WEEK });
    actor.send({ type: 'run.confirmed' });
    await waitFor(actor, (s) => s.matches('running') && s.context.run?.id === 'r2');
    expect(starts).toHaveLength(1);
    expect(starts[0]?.payload.reemplazar).toBe(true);
  });

  it("a start refused because someone else started one asks with the server's words", async () => {
    const message = 'Hay una simulación en curso desde el 24/11/2026 18:00 UTC (Simulación Semanal, ×168).';
    let calls = 0;
    const { actor, starts } = start({
      onStart: async () => {
        calls++;
        if (calls === 1)
          throw Object.assign(new Error(message), { status: 409, code: 'SIMULACION_EN_CURSO' });
        return run('en_curso', { id: 'r9' });
      },
    });
    actor.send({ type: 'run.start', request: WEEK });
    const asking = await waitFor(actor, (s) => s.matches('confirming'));
    expect(asking.context.conflict).toBe(message);
    actor.send({ type: 'run.confirmed' });
    await waitFor(actor, (s) => s.matches('running'));
    expect(starts.map((s) => [s.key, s.payload.reemplazar])).toEqual([
      ['k1', undefined],
      ['k2', true],
    ]);
  });

  it('a failed start says why and stays until the operator acts', async () => {
    const { actor } = start({
      onStart: async () => {
        throw Object.assign(new Error('No hay pedidos cargados'), { status: 400 });
      },
    });
    actor.send({ type: 'run.start', request: WEEK });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toBe('No hay pedidos cargados');
    actor.send({ type: 'run.synced', run: null });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'run.start', request: WEEK });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('pauses, resumes and changes speed of the run it shows', async () => {
    const { actor, commands } = start({ current: run('en_curso') });
    actor.send({ type: 'run.pause' });
    await waitFor(actor, (s) => s.matches('paused'));
    actor.send({ type: 'speed.changed', speed: 'max' });
    await waitFor(actor, (s) => s.matches({ paused: 'ready' }) || s.matches('running'));
    actor.send({ type: 'run.synced', run: run('pausada') });
    actor.send({ type: 'run.resume' });
    await waitFor(actor, (s) => s.matches('running'));
    expect(commands.map((c) => [c.command, c.id])).toEqual([
      ['pause', 'r1'],
      ['speed', 'r1'],
      ['resume', 'r1'],
    ]);
    expect(commands[1]?.speed).toBe('max');
  });

  it('asks before stopping; confirmed, the run ends as stopped', async () => {
    const { actor, commands } = start({ current: run('en_curso') });
    actor.send({ type: 'run.stop' });
    expect(actor.getSnapshot().context.confirm).toBe('stop');
    actor.send({ type: 'run.dismissed' });
    expect(commands).toEqual([]);
    actor.send({ type: 'run.stop' });
    actor.send({ type: 'run.confirmed' });
    await waitFor(actor, (s) => s.matches('finished'));
    expect(commands.map((c) => c.command)).toEqual(['stop']);
  });

  it('ignores a reading older than the run it just started', async () => {
    const old = run('terminada', { id: 'old', creadoEn: '2026-11-24T17:00:00.000Z' });
    const { actor } = start({ current: old });
    actor.send({ type: 'run.start', request: WEEK });
    await waitFor(actor, (s) => s.matches('running'));
    actor.send({ type: 'run.synced', run: old });
    expect(actor.getSnapshot().matches('running')).toBe(true);
  });

  it('a refused command keeps the state and says why', async () => {
    const { actor } = start({
      current: run('en_curso'),
      onCommand: async () => {
        throw new Error('No se puede pausar la simulación: está terminada');
      },
    });
    actor.send({ type: 'run.pause' });
    const back = await waitFor(actor, (s) => s.matches({ running: 'ready' }) && s.context.error !== null);
    expect(back.context.error).toBe('No se puede pausar la simulación: está terminada');
  });
});

describe('runMachine speed', () => {
  it('shows the speed of the run going, set by whoever started it', () => {
    const { actor } = start();
    actor.send({ type: 'run.synced', run: run('en_curso', { velocidad: 600 }) });
    expect(actor.getSnapshot().context.speed).toBe(600);
    actor.send({ type: 'run.synced', run: run('terminada', { velocidad: 'max' }) });
    expect(actor.getSnapshot().context.speed).toBe(600);
  });
});
