/**
 * Start-up of the compiled server (what `npm start` runs) against the TypeScript sources through tsx
 * (what it ran before): time from spawn until /api/health answers, and the memory of every process
 * involved once it answers (tsx's CLI runs the server in a child process). Variants alternate A B A B
 * on one data folder that already holds the demo data, as a restart would find it.
 *
 *   npm run bench -- startup [--rounds 3] [--settle-ms 3000]
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/freePort';
import { parseArgs } from './lib/args';

const ROOT = path.resolve(import.meta.dirname, '..');

const VARIANTS = {
  compiled: [process.execPath, 'build/server/main.js'],
  tsx: [path.join(ROOT, 'node_modules', '.bin', 'tsx'), 'server/main.ts'],
} as const;
type Variant = keyof typeof VARIANTS;

/** The process and all its descendants, from /proc. */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...(parents.get(all[i]) ?? []));
  return all;
}

function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function startOnce(variant: Variant, dataDir: string, settleMs: number, seed: boolean) {
  const port = await freePort();
  const [command, ...args] = VARIANTS[variant];
  const t0 = performance.now();
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: seed ? 'true' : 'false',
      DEMO_START: '2026-01-05',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let readyMs = Number.NaN;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${variant} terminó con código ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        readyMs = performance.now() - t0;
        break;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const pids = processTree(child.pid ?? 0);
  const rss = pids.reduce((sum, pid) => sum + rssMb(pid), 0);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { readyMs: Math.round(readyMs), rssMb: Math.round(rss), processes: pids.length };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export default async function startup(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const rounds = args.number('rounds', 3);
  const settleMs = args.number('settle-ms', 3000);
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'morapack-startup-'));
  try {
    process.stderr.write('Cargando los datos de demostración una vez…\n');
    await startOnce('compiled', dataDir, 0, true);
    const samples: Record<Variant, { readyMs: number; rssMb: number; processes: number }[]> = {
      compiled: [],
      tsx: [],
    };
    for (let round = 0; round < rounds; round++) {
      for (const variant of ['compiled', 'tsx'] as const) {
        const sample = await startOnce(variant, dataDir, settleMs, false);
        samples[variant].push(sample);
        process.stderr.write(`${variant}: ${JSON.stringify(sample)}\n`);
      }
    }
    const summary = Object.fromEntries(
      Object.entries(samples).map(([variant, list]) => [
        variant,
        {
          readyMs: median(list.map((s) => s.readyMs)),
          rssMb: median(list.map((s) => s.rssMb)),
          processes: list[0].processes,
          all: list,
        },
      ]),
    );
    const ratio = (key: 'readyMs' | 'rssMb') =>
      Number(
        (median(samples.compiled.map((s) => s[key])) / median(samples.tsx.map((s) => s[key]))).toFixed(2),
      );
    console.log(
      JSON.stringify({ ...summary, compiledOverTsx: { readyMs: ratio('readyMs'), rssMb: ratio('rssMb') } }),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
