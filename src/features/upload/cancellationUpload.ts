import { fromPromise } from 'xstate';
import type { CancellationFileDto, RunMode } from '../../../contract';
import { type UploadKind, uploadFile } from '../../api/files';
import { fetchRuns } from '../../api/runs';
import { cancellationTargets, modeLabel, targetsText } from './cancellationTargets';
import type { UploadActorInput, UploadFailure } from './uploadMachine';

/**
 * The upload machine's actors for a cancellations file: the server applies one to one mode's run, so
 * the file goes to each run that is going, one after the other, and the zone reports each.
 */

export const NO_RUN_GOING = 'Ninguna simulación en curso: el archivo de cancelaciones no se aplicó';

/** What the confirmation names: the runs going now, or null (nothing to confirm: the upload says why). */
export const checkCancellationTargets = fromPromise<string | null, { kind: UploadKind }>(
  async ({ signal }) => {
    const targets = cancellationTargets(await fetchRuns(signal));
    return targets.length > 0 ? targetsText(targets) : null;
  },
);

export interface ModeOutcome {
  mode: RunMode;
  result?: CancellationFileDto;
  error?: UploadFailure;
}

/** One line for the zone and the toast: each run's answer, named. */
export function outcomeMessage(outcomes: readonly ModeOutcome[]): string {
  return outcomes
    .map((o) => `${modeLabel(o.mode)}: ${o.result ? o.result.message : `no aplicado (${o.error?.message})`}`)
    .join(' · ');
}

export const uploadCancellations = fromPromise<{ message: string }, UploadActorInput>(
  async ({ input, signal }) => {
    // Read again at the moment of sending: a run may have ended while the operator confirmed.
    const targets = cancellationTargets(await fetchRuns(signal));
    if (targets.length === 0) throw { message: NO_RUN_GOING } satisfies UploadFailure;
    const outcomes: ModeOutcome[] = [];
    for (const mode of targets) {
      const [result, error] = await uploadFile<CancellationFileDto>('cancelaciones', input.file, {
        signal,
        query: { modo: mode },
        idempotent: false,
        onProgress: input.onProgress,
      });
      // An invalid file is invalid for every run: say so once, with its lines, and stop.
      if (error && error.status === 400)
        throw { message: error.message, details: error.details, total: error.total } satisfies UploadFailure;
      outcomes.push(error ? { mode, error: { message: error.message } } : { mode, result });
    }
    if (outcomes.every((o) => o.error)) throw { message: outcomeMessage(outcomes) } satisfies UploadFailure;
    return { message: outcomeMessage(outcomes) };
  },
);
