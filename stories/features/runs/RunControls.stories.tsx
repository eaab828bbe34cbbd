import { CalendarDateTime } from '@internationalized/date';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useSetAtom } from 'jotai';
import { type ReactNode, useLayoutEffect } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { RunDto, RunMode } from '../../../contract';
import { draftFiltersAtom, EMPTY_DRAFT } from '../../../src/features/filters/filterAtoms';
import { RunControls } from '../../../src/features/runs/RunControls';
import { RunScope } from '../../../src/features/runs/RunScope';
import { type CommandInput, runMachine, type StartInput } from '../../../src/features/runs/runMachine';
import { COLLAPSED_RUN, PARAMETERS, RANGE, RUN } from '../operations/fixtures';

/**
 * The run controls in each state of the run machine: idle, confirming, starting, running, paused,
 * finished, collapsed, failed. Requests go to stand-in actors; the server's readings are fixtures.
 */

const started: StartInput[] = [];
const commands: CommandInput[] = [];

type Answer = 'ok' | 'hang' | 'fail';

const logicFor = (answer: Answer) =>
  runMachine.provide({
    actors: {
      startRun: fromPromise<RunDto, StartInput>(async ({ input }) => {
        started.push(input);
        if (answer === 'hang') return new Promise<RunDto>(() => {});
        if (answer === 'fail') throw new Error('No hay pedidos cargados: carga un archivo de pedidos');
        return { ...RUN, id: 'run-nueva', creadoEn: '2026-01-06T00:00:00.000Z' };
      }),
      command: fromPromise<RunDto, CommandInput>(async ({ input }) => {
        commands.push(input);
        return { ...RUN, estado: input.command === 'pause' ? 'pausada' : 'en_curso' };
      }),
    },
  });

/** The panel's dates as the operator left them (the real week). */
function WithDates({ mode, children }: { mode: RunMode; children: ReactNode }) {
  const setDraft = useSetAtom(draftFiltersAtom(mode));
  useLayoutEffect(() => {
    setDraft({
      ...EMPTY_DRAFT,
      inicio: new CalendarDateTime(2025, 12, 22, 0, 1),
      fin: new CalendarDateTime(2025, 12, 31, 23, 59),
    });
  }, [setDraft]);
  return children;
}

interface Args {
  mode: RunMode;
  answer: Answer;
}

const api = (runs: RunDto[]) => ({
  simulaciones: { json: runs },
  'pedidos/rango': { json: RANGE },
  'simulaciones/parametros': { json: PARAMETERS },
});

const meta = {
  title: 'features/runs/RunControls',
  parameters: { layout: 'padded', api: api([]) },
  args: { mode: 'semanal', answer: 'ok' },
  render: ({ mode, answer }) => (
    <RunScope mode={mode} logic={logicFor(answer)}>
      <WithDates mode={mode}>
        <div style={{ width: 340 }}>
          <RunControls mode={mode} />
        </div>
      </WithDates>
    </RunScope>
  ),
  beforeEach: () => {
    started.length = 0;
    commands.length = 0;
  },
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

const controls = () => screen.getByRole('region', { name: 'Simulación' });
const stateIs = (state: string) =>
  waitFor(() => expect(controls()).toHaveAttribute('data-run-state', state), { timeout: 5000 });

/** No run: the loaded range, the speed (the server's default) and 'Iniciar'. */
export const Idle: Story = {
  play: async ({ canvas }) => {
    await stateIs('idle');
    await expect(await canvas.findByTestId('order-range')).toHaveTextContent('42.993 pedidos');
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /Velocidad/ })).toHaveTextContent('Semana en 60 min (×168)'),
    );
    await expect(canvas.getByRole('button', { name: 'Iniciar' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Pausar' })).toBeNull();
  },
};

/** Waiting for the server: the button says so and a double click sends one start. */
export const Starting: Story = {
  args: { answer: 'hang' },
  play: async ({ canvas }) => {
    await stateIs('idle');
    await userEvent.dblClick(canvas.getByRole('button', { name: 'Iniciar' }));
    await stateIs('starting');
    await expect(canvas.getByRole('button', { name: 'Iniciando…' })).toBeDisabled();
    await expect(started).toHaveLength(1);
    await expect(started[0]?.payload).toEqual({
      modo: 'semanal',
      inicio: '2025-12-22T00:01:00.000Z',
      fin: '2025-12-31T23:59:00.000Z',
      velocidad: 168,
    });
  },
};

/** A run going: 'Pausar' and 'Detener'; a new speed applies to it at once. */
export const Running: Story = {
  parameters: { api: api([RUN]) },
  play: async ({ canvas }) => {
    await stateIs('running');
    await expect(canvas.getByRole('button', { name: 'Pausar' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Detener' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Velocidad/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Máxima' }));
    await waitFor(() => expect(commands).toEqual([{ command: 'speed', id: RUN.id, speed: 'max' }]));
  },
};

/** 'Iniciar' over a moving run asks first, naming it and what is lost; keeping it sends nothing. */
export const Confirming: Story = {
  parameters: { api: api([RUN]) },
  play: async ({ canvas }) => {
    await stateIs('running');
    await userEvent.click(canvas.getByRole('button', { name: 'Iniciar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reemplazar la simulación' });
    await expect(dialog).toHaveTextContent(
      'Hay una simulación en curso desde el 05/01/2026 00:00 UTC (Simulación Semanal, ×168; va por el 07/01/2026 13:45 UTC, al 36 %).',
    );
    await expect(dialog).toHaveTextContent('su reloj y su progreso se pierden');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Seguir con la actual' }));
    await stateIs('running');
    await expect(started).toEqual([]);
  },
};

/** Paused: 'Reanudar' instead of 'Pausar'. */
export const Paused: Story = {
  parameters: { api: api([{ ...RUN, estado: 'pausada' }]) },
  play: async ({ canvas }) => {
    await stateIs('paused');
    await userEvent.click(canvas.getByRole('button', { name: 'Reanudar' }));
    await waitFor(() => expect(commands.map((c) => c.command)).toEqual(['resume']));
  },
};

/** Finished: a new run starts without asking (nothing is lost). */
export const Finished: Story = {
  parameters: { api: api([{ ...RUN, estado: 'terminada', ahora: RUN.fin as string }]) },
  play: async ({ canvas }) => {
    await stateIs('finished');
    await expect(canvas.queryByRole('button', { name: 'Pausar' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Detener' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Iniciar' }));
    await waitFor(() => expect(started).toHaveLength(1));
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};

/** /colapso after a collapse: maximum speed by default and the growth law it will assume, editable. */
export const Collapsed: Story = {
  args: { mode: 'colapso' },
  parameters: { api: api([COLLAPSED_RUN]) },
  play: async ({ canvas }) => {
    await stateIs('collapsed');
    await expect(canvas.getByRole('button', { name: /Velocidad/ })).toHaveTextContent('Máxima');
    const law = canvas.getByRole('group', { name: 'Ley de crecimiento' });
    const factor = within(law).getByRole('textbox', { name: 'Crecimiento ×' });
    await expect(factor).toHaveValue('2');
    await userEvent.clear(factor);
    await userEvent.type(factor, '3{Tab}');
    await userEvent.click(canvas.getByRole('button', { name: 'Iniciar' }));
    await waitFor(() =>
      expect(started[0]?.payload).toEqual({
        modo: 'colapso',
        crecimiento: { exponente: 1.174, factorPorPeriodo: 3, periodoDias: 7 },
        velocidad: 'max',
      }),
    );
  },
};

/** A refused start: the server's words, and 'Iniciar' to try again. */
export const Failed: Story = {
  args: { answer: 'fail' },
  play: async ({ canvas }) => {
    await stateIs('idle');
    await userEvent.click(canvas.getByRole('button', { name: 'Iniciar' }));
    await stateIs('failed');
    await expect(canvas.getByRole('alert')).toHaveTextContent('No hay pedidos cargados');
    await expect(canvas.getByRole('button', { name: 'Iniciar' })).toBeEnabled();
  },
};
