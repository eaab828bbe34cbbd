// Builds the browser app (Vite, into dist/) and the server (esbuild, into build/server/), each only when
// its sources changed since the last build: `npm start` calls ensureBuilt() before starting, so a fresh
// clone builds once and later starts go straight to `node`. `node scripts/build.mjs` builds both anyway.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = path.join(ROOT, 'build', 'server');
export const SERVER_MAIN = path.join(SERVER_OUT, 'main.js');
const APP_INDEX = path.join(ROOT, 'dist', 'index.html');
const STAMP = path.join(ROOT, 'build', 'stamp.json');

/**
 * The server's entry points, by output name (build/server/<name>.js). A module started in its own
 * thread or process needs its own entry: the run worker is loaded as ./runWorker.js beside main.js
 * (server/simulation/worker/host.ts). To add one, add a line here. Entries whose source does not
 * exist (yet) are left out.
 */
const SERVER_ENTRIES = {
  main: 'server/main.ts',
  runWorker: 'server/simulation/worker/runWorker.ts',
};

/** What each build reads: any change to these files makes that build stale. */
const INPUTS = {
  app: ['src', 'contract', 'index.html', 'vite.config.ts', 'scripts/precompress.ts', 'package-lock.json'],
  server: ['server', 'contract', 'src/api', 'scripts/build.mjs', 'package-lock.json', 'tsconfig.json'],
};

function filesUnder(entry) {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true })
    .map((name) => path.join(entry, String(name)))
    .filter((file) => statSync(path.join(ROOT, file)).isFile())
    .sort();
}

/** A hash of the contents (not the dates) of the inputs: a checkout that changes nothing rebuilds nothing. */
export function inputsHash(kind) {
  const hash = createHash('sha256');
  for (const file of INPUTS[kind].flatMap(filesUnder)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return {};
  }
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} terminó con código ${result.status}`);
}

export function buildApp() {
  run(process.execPath, [
    path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    '--logLevel',
    'warn',
  ]);
}

/** One ES module per entry, dependencies left in node_modules (PGlite finds its WASM files there). */
export async function buildServer(outdir = SERVER_OUT) {
  const esbuild = await import('esbuild');
  const entryPoints = Object.fromEntries(
    Object.entries(SERVER_ENTRIES).filter(([, source]) => existsSync(path.join(ROOT, source))),
  );
  rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Not minified: a stack trace in the log stays readable; the map is there for --enable-source-maps.
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  checkRuntimeImports(result.metafile);
  // The migrator reads its SQL files beside the module that runs it (main.js).
  cpSync(path.join(ROOT, 'server', 'db', 'migrations'), path.join(outdir, 'migrations'), { recursive: true });
}

/**
 * The compiled server imports its packages from node_modules at run time, where a production install
 * (the Docker image: npm ci --omit=dev) has only `dependencies`: a server import of a devDependency
 * would start here and fail there, so the build refuses it.
 */
function checkRuntimeImports(metafile) {
  const { dependencies = {} } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const packageOf = (specifier) =>
    specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
  const missing = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path: specifier, external } of output.imports) {
      if (!external || specifier.startsWith('node:')) continue;
      if (!(packageOf(specifier) in dependencies)) missing.add(packageOf(specifier));
    }
  }
  if (missing.size > 0)
    throw new Error(
      `El servidor importa paquetes que no están en dependencies de package.json: ${[...missing].join(', ')}`,
    );
}

/** Builds what is missing or stale; returns what was built. */
export async function ensureBuilt({ force = false } = {}) {
  const stamp = readStamp();
  const hashes = { app: inputsHash('app'), server: inputsHash('server') };
  const built = [];
  if (force || !existsSync(APP_INDEX) || stamp.app !== hashes.app) {
    console.log('Construyendo la aplicación web…');
    buildApp();
    built.push('app');
  }
  if (force || !existsSync(SERVER_MAIN) || stamp.server !== hashes.server) {
    console.log('Construyendo el servidor…');
    await buildServer();
    built.push('server');
  }
  if (built.length > 0) {
    mkdirSync(path.dirname(STAMP), { recursive: true });
    writeFileSync(STAMP, `${JSON.stringify(hashes, null, 2)}\n`);
  }
  return built;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const only = process.argv[2];
  // `node scripts/build.mjs server [outdir]`: the server alone (tests build into a folder of their own).
  if (only === 'server') await buildServer(process.argv[3] ? path.resolve(process.argv[3]) : SERVER_OUT);
  else await ensureBuilt({ force: process.argv.includes('--force') });
}
