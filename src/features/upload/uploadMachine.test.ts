import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { UploadKind } from '../../api/files';
import type { UploadActorInput } from './uploadMachine';
import { uploadMachine } from './uploadMachine';

const file = new File(['a\nb\n'], 'vuelos.txt', { type: 'text/plain' });

function run(options: {
  confirmReplace: boolean;
  existing?: string | null | Error;
  upload?: (input: UploadActorInput) => Promise<{ message: string }>;
}) {
  const uploads: UploadActorInput[] = [];
  const refreshed = vi.fn();
  const logic = uploadMachine.provide({
    actors: {
      checkExisting: fromPromise(async () => {
        if (options.existing instanceof Error) throw options.existing;
        return options.existing ?? null;
      }),
      uploadFile: fromPromise(async ({ input }: { input: UploadActorInput }) => {
        uploads.push(input);
        return options.upload ? options.upload(input) : { message: 'Archivo cargado' };
      }),
      refreshStatus: fromPromise(async ({ input }: { input: { kind: UploadKind } }) => {
        refreshed(input.kind);
      }),
    },
  });
  const actor = createActor(logic, {
    input: { kind: 'vuelos', confirmReplace: options.confirmReplace },
  }).start();
  return { actor, uploads, refreshed };
}

describe('uploadMachine', () => {
  it('asks before replacing an existing file, naming it, and uploads after confirming', async () => {
    const { actor, uploads, refreshed } = run({ confirmReplace: true, existing: 'viejo.txt' });
    actor.send({ type: 'file.selected', file });
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(actor.getSnapshot().context.existingName).toBe('viejo.txt');
    expect(uploads).toHaveLength(0);
    actor.send({ type: 'upload.confirmed' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(uploads.map((u) => u.file.name)).toEqual(['vuelos.txt']);
    expect(actor.getSnapshot().context.message).toBe('Archivo cargado');
    expect(refreshed).toHaveBeenCalledWith('vuelos');
  });

  it('uploads nothing when the operator cancels', async () => {
    const { actor, uploads, refreshed } = run({ confirmReplace: true, existing: 'viejo.txt' });
    actor.send({ type: 'file.selected', file });
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'upload.cancelled' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(uploads).toHaveLength(0);
    expect(refreshed).not.toHaveBeenCalled();
  });

  it('uploads without asking when no file is stored, or when the kind appends (orders)', async () => {
    const fresh = run({ confirmReplace: true, existing: null });
    fresh.actor.send({ type: 'file.selected', file });
    await waitFor(fresh.actor, (s) => s.matches('success'));
    expect(fresh.uploads).toHaveLength(1);

    const orders = run({ confirmReplace: false, existing: 'pedidos.txt' });
    orders.actor.send({ type: 'file.selected', file });
    await waitFor(orders.actor, (s) => s.matches('success'));
    expect(orders.uploads).toHaveLength(1);
  });

  it('falls back to the last known name when the status cannot be read', async () => {
    const { actor, uploads } = run({ confirmReplace: true, existing: new Error('red') });
    actor.send({ type: 'file.selected', file, knownName: 'conocido.txt' });
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(actor.getSnapshot().context.existingName).toBe('conocido.txt');
    expect(uploads).toHaveLength(0);
  });

  it('ends in failure with the message and details of the server error, without refetching', async () => {
    const details = [{ line: 3, message: 'Línea 3: hora inválida' }];
    const { actor, refreshed } = run({
      confirmReplace: false,
      upload: async () => {
        throw { message: 'Archivo de vuelos no válido', details };
      },
    });
    actor.send({ type: 'file.selected', file });
    await waitFor(actor, (s) => s.matches('failure'));
    expect(actor.getSnapshot().context.error).toEqual({ message: 'Archivo de vuelos no válido', details });
    expect(refreshed).not.toHaveBeenCalled();
  });

  it('records the progress the upload reports', async () => {
    let release: () => void = () => {};
    const { actor } = run({
      confirmReplace: false,
      upload: (input) => {
        input.onProgress({ loaded: 512, total: 2048 });
        return new Promise((resolve) => {
          release = () => resolve({ message: 'ok' });
        });
      },
    });
    actor.send({ type: 'file.selected', file });
    await waitFor(actor, (s) => s.context.progress?.loaded === 512);
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: 512, total: 2048 });
    release();
    await waitFor(actor, (s) => s.matches('success'));
  });
});
