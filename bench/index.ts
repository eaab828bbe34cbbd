/**
 * Benchmark dispatcher: `npm run bench -- <name> [args]` runs bench/<name>.ts.
 * A bench module exports `default async function (args: string[]): Promise<void>`; it prints progress on
 * stderr and its figures as one final JSON line on stdout. Add bench/<name>.ts: nothing to register here.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const available = () =>
  readdirSync(here)
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .map((f) => f.slice(0, -3))
    .sort();

const [name, ...args] = process.argv.slice(2);
if (!name || !/^[\w-]+$/.test(name) || !available().includes(name)) {
  process.stderr.write(`usage: npm run bench -- <name> [args]\nbenchmarks: ${available().join(', ')}\n`);
  process.exit(2);
}
const mod = (await import(pathToFileURL(join(here, `${name}.ts`)).href)) as {
  default?: (args: string[]) => Promise<void> | void;
};
if (typeof mod.default !== 'function') {
  process.stderr.write(`bench/${name}.ts has no default export function (args: string[])\n`);
  process.exit(2);
}
await mod.default(args);
