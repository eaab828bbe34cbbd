/** Tiny `--name value` / `--flag` parser for benchmarks. */
export interface BenchArgs {
  get(name: string): string | undefined;
  number(name: string, fallback: number): number;
  has(name: string): boolean;
}

export function parseArgs(args: string[]): BenchArgs {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
    const eq = a.indexOf('=');
    if (eq > 0) values.set(a.slice(2, eq), a.slice(eq + 1));
    else if (i + 1 < args.length && !args[i + 1].startsWith('--')) values.set(a.slice(2), args[++i]);
    else values.set(a.slice(2), 'true');
  }
  return {
    get: (name) => values.get(name),
    has: (name) => values.has(name),
    number: (name, fallback) => {
      const v = values.get(name);
      if (v === undefined) return fallback;
      const x = Number(v);
      if (!Number.isFinite(x)) throw new Error(`--${name} needs a number, got ${v}`);
      return x;
    },
  };
}

/** Progress line on stderr (stdout is reserved for the final JSON line). */
export const progress = (msg: string): void => {
  process.stderr.write(`${msg}\n`);
};

/** Engine options from `--engine '{"knob":value}'` (EngineOptions of server/planner/engine.ts); {} when absent. */
export function engineOptions(args: BenchArgs): Record<string, unknown> {
  const raw = args.get('engine');
  if (!raw) return {};
  const v: unknown = JSON.parse(raw);
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new Error('--engine needs a JSON object');
  return v as Record<string, unknown>;
}
