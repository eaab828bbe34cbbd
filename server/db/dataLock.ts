import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * One server per data folder: two processes on one embedded database corrupt it and hand out the
 * same order numbers. The lock is a file holding the owner's pid; a lock whose process is gone (a
 * crash, kill -9) is taken over.
 */

/** Locks held by this process (a second app in one process is refused the same way). */
const held = new Set<string>();
// A forced exit (the SIGTERM deadline) still leaves no lock behind.
process.once('exit', () => {
  for (const lockPath of held) {
    try {
      unlinkSync(lockPath);
    } catch {
      // Already gone.
    }
  }
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirLockedError extends Error {
  constructor(folder: string, pid: number) {
    super(
      `Otro servidor (proceso ${pid}) ya usa la carpeta de datos ${folder}; detenlo o usa otra DATA_DIR antes de iniciar este`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Takes the lock at `lockPath` for `folder`; returns its release. */
export function lockDataDir(lockPath: string, folder: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(lockPath);
      return () => {
        if (!held.delete(lockPath)) return;
        try {
          if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let pid = Number.NaN;
    try {
      pid = Number(readFileSync(lockPath, 'utf8').trim());
    } catch {
      // Removed meanwhile: try again.
    }
    const mine = pid === process.pid && held.has(lockPath);
    if (Number.isInteger(pid) && pid > 0 && (mine || (pid !== process.pid && alive(pid)))) {
      throw new DataDirLockedError(folder, pid);
    }
    // Stale: its owner is gone.
    try {
      unlinkSync(lockPath);
    } catch {
      // Someone else took it over first; the next attempt tells.
    }
  }
  throw new DataDirLockedError(folder, Number(readFileSync(lockPath, 'utf8').trim()));
}
